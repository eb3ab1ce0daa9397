import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BUILD_DIR, openPage, setupSite, visit } from './harness';
import { INDEX_FILE } from '../plugins/metadata';
import { markdownPath } from '@services-manager-docs/core/content/build';
import type { TagIndex } from '../plugins/metadata/buildIndex';
import { siteUrl } from '../site.links';

const site = setupSite();
const docs = (JSON.parse(fs.readFileSync(path.join(BUILD_DIR, INDEX_FILE), 'utf8')) as TagIndex).docs;

/** A link written with the configured site URL, fetched from the local server instead. */
const local = (url: string) => url.replace(siteUrl.replace(/\/$/, ''), site.url);

/** Each URL's status and body, in order, eight requests at a time (no browser needed). */
async function fetchAll(urls: string[]): Promise<{ status: number; text: string }[]> {
  const results: { status: number; text: string }[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < urls.length; i = next++) {
      const response = await fetch(urls[i]);
      results[i] = { status: response.status, text: await response.text() };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return results;
}

describe('Markdown copies and llms.txt', () => {
  it('serve a Markdown twin for every doc page', async () => {
    const failures: string[] = [];
    const pages = [
      ...docs,
      { path: '/docs/developer/api/reference/list-customers', title: 'List customers' },
    ];
    const twins = await fetchAll(pages.map((doc) => `${site.url}${markdownPath(doc.path)}`));
    for (const [i, doc] of pages.entries()) {
      const { status, text } = twins[i];
      if (status !== 200) failures.push(`${doc.path}: HTTP ${status}`);
      else if (!text.startsWith('---\ntitle: ') || !text.includes(`\n# ${doc.title}\n`))
        failures.push(`${doc.path}: no title`);
      else if (/^import .+ from '@|<\/?(Tabs|TabItem)\b/m.test(text))
        failures.push(`${doc.path}: MDX left in the copy`);
    }
    assert.deepEqual(failures, []);
  });

  it('list every page in llms.txt with links that resolve', async () => {
    const [{ text: index }, { text: full }] = await fetchAll([
      `${site.url}/llms.txt`,
      `${site.url}/llms-full.txt`,
    ]);
    assert.match(index, /^# Services Manager Docs\n\n> /);
    const links = [...index.matchAll(/\]\((https?:[^)]+)\)/g)].map((match) => match[1]);
    assert.ok(links.length >= docs.length, `${links.length} links for ${docs.length} docs`);
    const responses = await fetchAll(links.map(local));
    const broken = links.flatMap((link, i) =>
      responses[i].status === 200 ? [] : [`${link}: ${responses[i].status}`],
    );
    assert.deepEqual(broken, []);
    for (const doc of docs) assert.ok(full.includes(`# ${doc.title}\n`), `llms-full.txt lacks ${doc.title}`);
  });

  for (const route of [
    '/docs/developer/api/reference/add-customer-plan',
    '/docs/installation/rabbitmq-ssl',
  ]) {
    it(`keeps headings, code blocks and table rows of ${route}`, async () => {
      const { page } = await openPage(site);
      await visit(page, `${site.url}${route}`);
      const html = await page.evaluate(() => {
        const article = document.querySelector('article .markdown') as HTMLElement;
        return {
          headings: [...article.querySelectorAll('h2, h3')].map((heading) =>
            heading.textContent?.replace(/\u200b/g, '').trim(),
          ),
          // Lazy tabs (the API code samples) render only the chosen panel; each other tab holds one block.
          codeBlocks: [...article.querySelectorAll('.tabs-container')].reduce((count, tabs) => {
            const unrendered =
              tabs.querySelectorAll('[role="tab"]').length -
              tabs.querySelectorAll('[role="tabpanel"]').length;
            return count + unrendered;
          }, article.querySelectorAll('pre').length),
          tableRows: article.querySelectorAll('tr').length,
        };
      });
      const markdown = await (await page.request.get(`${site.url}${markdownPath(route)}`)).text();
      const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
      const withoutCode = body.replace(/^\s*(>\s*)?```[\s\S]*?^\s*(>\s*)?```/gm, '');
      const headings = [...withoutCode.matchAll(/^#{2,3} (.+)$/gm)].map((match) =>
        match[1].trim().replace(/[`*]/g, ''),
      );
      const codeBlocks = (body.match(/^\s*(>\s*)?```\w/gm) ?? []).length;
      const tableRows = (withoutCode.match(/^\s*(>\s*)?\|.*\|\s*$/gm) ?? []).filter(
        (row) => !/^[\s>|:-]+$/.test(row),
      ).length;
      assert.deepEqual(headings, html.headings);
      assert.equal(codeBlocks, html.codeBlocks);
      assert.equal(tableRows, html.tableRows);
    });
  }

  // Operation links (api-mentions), the Cortex table's cmdlet links and a cmdlet page's links are added
  // by remark plugins; the twin is made from the same tree, so it has every one of them.
  for (const route of [
    '/docs/concepts/users',
    '/docs/developer/api/cortex',
    '/docs/developer/api/cortex/add-smcustomerplan',
  ]) {
    it(`keeps every link of ${route} in its twin, doc pages as their twins`, async () => {
      const { page } = await openPage(site);
      await visit(page, `${site.url}${route}`);
      const hrefs = await page.evaluate(() =>
        [...document.querySelectorAll('article .markdown a[href]')]
          .map((link) => link.getAttribute('href')!)
          .filter((href) => href.startsWith('/') || /^https?:/.test(href)),
      );
      assert.ok(
        hrefs.some((href) => /\/docs\/developer\/api\/(reference|cortex)\/./.test(href)),
        route,
      );
      const twin = await (await page.request.get(`${site.url}${markdownPath(route)}`)).text();
      const origin = siteUrl.replace(/\/$/, '');
      const missing = hrefs.filter((href) => {
        if (!href.startsWith('/')) return !twin.includes(`](${href})`);
        const [pathname, hash] = href.split('#');
        const anchor = hash === undefined ? '' : `#${hash}`;
        return ![`${origin}${markdownPath(pathname)}${anchor}`, `${origin}${href}`].some((url) =>
          twin.includes(`](${url})`),
        );
      });
      assert.deepEqual(missing, [], `${route}: links of the page missing from its twin`);
    });
  }

  it('copies the page as Markdown from the keyboard and says so', async () => {
    const { page } = await openPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await visit(page, `${site.url}/docs/concepts/customers`);
    const button = page.getByRole('button', { name: 'Copy page' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const expected = await (await page.request.get(`${site.url}/docs/concepts/customers.md`)).text();
    assert.equal(copied, expected);
    assert.equal(
      await page.getByRole('link', { name: 'View as Markdown', exact: true }).getAttribute('href'),
      '/docs/concepts/customers.md',
    );
  });
});
