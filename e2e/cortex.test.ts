import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { BUILD_DIR, ROOT } from './harness';
import { loadReference } from '../plugins/api-reference/cortex/load';
import { cmdletSlug, type CortexReference } from '../plugins/api-reference/cortex/model';
import { SECTIONS } from '../plugins/api-reference/cortex/page';
import { DEFAULT_SPEC } from '@services-manager-docs/core/api';
import { searchBuild } from '@services-manager-docs/core/search/fromBuild';
import yaml from 'js-yaml';
import { operationNotes, readLifecycles } from '@services-manager-docs/core/api/lifecycle';

const BASE = '/docs/developer/api/cortex';
let reference: CortexReference;

/** The built HTML of a route, and its article (the page's own content, without navigation). */
function built(route: string): { html: string; article: string } {
  const file = path.join(BUILD_DIR, route, 'index.html');
  assert.ok(fs.existsSync(file), `${route}: no page in the build`);
  const html = fs.readFileSync(file, 'utf8');
  const article = /<article\b[\s\S]*<\/article>/.exec(html)?.[0];
  assert.ok(article, `${route}: no article`);
  return { html, article };
}

const links = (html: string) => new Set([...html.matchAll(/href="?([^"\s>]+)/g)].map((match) => match[1]));

describe('Cortex cmdlet reference in the build', () => {
  before(async () => {
    reference = await loadReference({ kind: 'file', location: DEFAULT_SPEC }, { cwd: ROOT });
  });

  it('has one page per cmdlet with the sections in order', () => {
    assert.ok(reference.cmdlets.length >= 50, `${reference.cmdlets.length} cmdlets`);
    for (const cmdlet of reference.cmdlets) {
      const route = `${BASE}/${cmdletSlug(cmdlet.name)}`;
      const { article } = built(route);
      assert.match(article, new RegExp(`<h1[^>]*>${cmdlet.name}<`), route);
      const ids = [...article.matchAll(/<h2[^>]*\bid="?([\w-]+)/g)].map((match) => match[1]);
      assert.deepEqual(
        ids,
        SECTIONS.map(([, id]) => id),
        route,
      );
      assert.match(article, /<pre[^>]*\blanguage-powershell\b/, `${route}: no PowerShell block`);
      assert.ok(fs.existsSync(path.join(BUILD_DIR, `${route}.md`)), `${route}: no Markdown twin`);
    }
  });

  it('lists every cmdlet on the overview, grouped by tag', () => {
    const { article } = built(BASE);
    const found = links(article);
    const missing = reference.cmdlets.filter((cmdlet) => !found.has(`${BASE}/${cmdletSlug(cmdlet.name)}`));
    assert.deepEqual(
      missing.map((cmdlet) => cmdlet.name),
      [],
    );
    for (const tag of reference.tags) assert.match(article, new RegExp(`<h3[^>]*>${tag.name}<`), tag.name);
    // The overview's Markdown copy carries the same table.
    const copy = fs.readFileSync(path.join(BUILD_DIR, `${BASE}.md`), 'utf8');
    for (const cmdlet of reference.cmdlets) assert.ok(copy.includes(`[\`${cmdlet.name}\`]`), cmdlet.name);
  });

  it('links each REST operation page to its cmdlet page and back', () => {
    for (const cmdlet of reference.cmdlets) {
      const page = `${BASE}/${cmdletSlug(cmdlet.name)}`;
      for (const operation of cmdlet.operations) {
        const rest = `/docs/developer/api/reference/${operation.page}`;
        if (cmdlet.name === 'Wait-SMRequest') continue; // polls getRequest, whose cmdlet is Get-SMRequest
        assert.ok(links(built(rest).article).has(page), `${rest} does not link to ${page}`);
        assert.ok(links(built(page).article).has(rest), `${page} does not link to ${rest}`);
      }
    }
  });

  it('says on the REST page and the cmdlet page in which states an operation is allowed', () => {
    const notes = operationNotes(
      readLifecycles(yaml.load(fs.readFileSync(path.join(ROOT, DEFAULT_SPEC), 'utf8'))),
    );
    assert.ok(Object.keys(notes).length >= 10, `${Object.keys(notes).length} operations with a rule`);
    const text = (html: string) =>
      html
        .replace(/<[^>]+>/g, '')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/\s+/g, ' ');
    for (const cmdlet of reference.cmdlets)
      for (const operation of cmdlet.operations) {
        const note = notes[operation.operationId]?.replace(/`/g, '');
        if (!note) continue;
        const rest = `/docs/developer/api/reference/${operation.page}`;
        assert.ok(text(built(rest).article).includes(note), `${rest} lacks "${note}"`);
        const page = `${BASE}/${cmdletSlug(cmdlet.name)}`;
        assert.ok(text(built(page).article).includes(note), `${page} lacks "${note}"`);
      }
    assert.ok(
      text(built('/docs/developer/api/reference/retry-request').article).includes(
        'Allowed when the request is Failed; otherwise 409 InvalidState.',
      ),
    );
  });

  it('lists every cmdlet page in llms.txt and llms-full.txt', () => {
    const index = fs.readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8');
    const full = fs.readFileSync(path.join(BUILD_DIR, 'llms-full.txt'), 'utf8');
    for (const cmdlet of reference.cmdlets) {
      assert.ok(index.includes(`${BASE}/${cmdletSlug(cmdlet.name)}.md)`), `llms.txt lacks ${cmdlet.name}`);
      assert.ok(full.includes(`\n# ${cmdlet.name}\n`), `llms-full.txt lacks ${cmdlet.name}`);
    }
  });

  it("ranks the cmdlet page first in the site's search, by name and in words", async () => {
    const search = searchBuild(BUILD_DIR);
    for (const query of ['Add-SMCustomerPlan', 'add customer plan powershell']) {
      const result = await search.search(query, { limit: 5 });
      assert.ok(result.ok, query);
      assert.equal(result.hits[0]?.url.split('#')[0], `${BASE}/add-smcustomerplan`, query);
    }
  });
});
