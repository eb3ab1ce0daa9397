/**
 * Facts of every documentation page, read from the built HTML (the server renders every page
 * completely, so no page needs to run for them). The browser is used only as an HTML parser: nothing
 * is served or navigated, so this checks all pages in seconds; behaviour is the other files' job.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BUILD_DIR, ROOT } from './harness';
import { apiModel, DEFAULT_SPEC } from '@services-manager-docs/core/api';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/browser';
import { INDEX_FILE } from '../plugins/metadata';
import type { TagIndex } from '../plugins/metadata/buildIndex';
import { siteUrl } from '../site.links';
import { REFERENCE_ROUTE, referenceSlug } from '../plugins/api-mentions/operations';

type Facts = {
  h1: string[];
  words: number;
  internalLinks: number;
  tagLinks: string[];
  keywords: string;
  description: string;
  canonical: string;
};

/**
 * Reads the facts of one page's HTML; runs in the browser. A string, since tsx would wrap the inner
 * functions of a compiled function in a helper the browser lacks.
 */
const READ_FACTS = `(html) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const article = doc.querySelector('article');
  const text = article?.querySelector('.markdown')?.textContent ?? '';
  const meta = (name) => doc.querySelector('meta[name="' + name + '"]')?.getAttribute('content') ?? '';
  return {
    h1: [...doc.querySelectorAll('h1')].map((h1) => h1.textContent.trim()),
    words: text.split(/\\s+/).filter(Boolean).length,
    internalLinks: article ? article.querySelectorAll('.markdown a[href^="/docs"]').length : 0,
    tagLinks: [...doc.querySelectorAll('article footer a[href*="/docs/tags/"]')].map((a) => a.getAttribute('href') ?? ''),
    keywords: meta('keywords'),
    description: meta('description'),
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
  };
}`;

/** Reads an API operation page's facts; runs in the browser (a string, as READ_FACTS). */
const READ_API_FACTS = `(html) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const text = (element) => (element ? element.textContent.trim() : '');
  return {
    h1: text(doc.querySelector('article h1')),
    method: text(doc.querySelector('.api-endpoint .api-badge')),
    path: text(doc.querySelector('.api-endpoint code')),
    tableCodes: [...doc.querySelectorAll('table code')].map(text),
    responseTables: doc.querySelectorAll('#responses ~ .table-scroll table').length,
    tabs: [...doc.querySelectorAll('#code-samples ~ .tabs-container [role="tab"]')].map(text),
  };
}`;

type ApiFacts = {
  h1: string;
  method: string;
  path: string;
  tableCodes: string[];
  responseTables: number;
  tabs: string[];
};

/** Every operation of the specification, from the API model. */
const operations = async () =>
  (await apiModel({ kind: 'file', location: DEFAULT_SPEC }, { cwd: ROOT })).operations;

const docs = () => (JSON.parse(fs.readFileSync(path.join(BUILD_DIR, INDEX_FILE), 'utf8')) as TagIndex).docs;

let browser: Browser;
let parser: Page;
before(async () => {
  browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
  parser = await browser.newPage();
});
after(() => browser?.close());

/** What `reader` (run in the browser, used as a parser only) finds in a built page; undefined without one. */
async function readBuilt<T>(file: string, reader: string): Promise<T | undefined> {
  if (!fs.existsSync(file)) return undefined;
  const html = fs.readFileSync(file, 'utf8');
  return (await parser.evaluate(`(${reader})(${JSON.stringify(html)})`)) as T;
}

describe('every page as built', () => {
  it('has its title as its one H1, real content, links, tag chips, keywords, description and canonical URL', async () => {
    const failures: string[] = [];
    const origin = siteUrl.replace(/\/$/, '');
    const list = docs();
    assert.ok(list.length > 100, `${list.length} docs in the index`);
    for (const doc of list) {
      const facts = await readBuilt<Facts>(path.join(BUILD_DIR, doc.path, 'index.html'), READ_FACTS);
      if (!facts) {
        failures.push(`${doc.path}: no page in the build`);
        continue;
      }
      const problems: string[] = [];
      if (facts.h1.length !== 1 || facts.h1[0] !== doc.title)
        problems.push(`H1 ${JSON.stringify(facts.h1)} is not the title "${doc.title}"`);
      if (facts.words < 150) problems.push(`only ${facts.words} words`);
      if (facts.internalLinks < 1) problems.push('no internal link');
      if (facts.tagLinks.length !== doc.tags.length) problems.push('tag chips missing');
      if (!facts.tagLinks.every((href) => href.startsWith('/docs/tags/')))
        problems.push('tag chip off the tag pages');
      if (!doc.tags.every((tag) => facts.keywords.includes(tag))) problems.push('tags missing from keywords');
      if (facts.description !== doc.description) problems.push('meta description differs from front matter');
      if (facts.canonical !== `${origin}${doc.path}`) problems.push(`canonical URL ${facts.canonical}`);
      if (problems.length) failures.push(`${doc.path}: ${problems.join('; ')}`);
    }
    assert.deepEqual(failures, []);
  });

  it('includes every API operation with its method, path, parameters, response schema and code samples', async () => {
    const failures: string[] = [];
    const list = await operations();
    assert.ok(list.length > 20, `${list.length} operations in the specification`);
    for (const operation of list) {
      const file = path.join(BUILD_DIR, REFERENCE_ROUTE, referenceSlug(operation.operationId), 'index.html');
      const facts = await readBuilt<ApiFacts>(file, READ_API_FACTS);
      if (!facts) {
        failures.push(`${operation.operationId}: no page in the build`);
        continue;
      }
      const problems: string[] = [];
      if (facts.h1 !== operation.summary) problems.push(`H1 "${facts.h1}"`);
      if (facts.method.toUpperCase() !== operation.method.toUpperCase())
        problems.push(`method ${facts.method}`);
      if (facts.path !== operation.path) problems.push(`path ${facts.path}`);
      for (const parameter of operation.parameters)
        if (!facts.tableCodes.includes(parameter.name)) problems.push(`parameter ${parameter.name} missing`);
      if (facts.responseTables < 1) problems.push('no response schema table');
      if (facts.tabs.join() !== 'curl,PowerShell,Python,JavaScript,C#')
        problems.push(`tabs ${facts.tabs.join()}`);
      if (problems.length) failures.push(`${operation.operationId}: ${problems.join('; ')}`);
    }
    assert.deepEqual(failures, []);
  });
});
