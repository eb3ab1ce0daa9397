import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BUILD_DIR, openPage, setupSite, visit } from './harness';
import { SPEC_DOC_ROUTES } from '../scripts/routes';
import type { TagIndex } from '../plugins/metadata/buildIndex';
import { INDEX_FILE } from '../plugins/metadata';

const site = setupSite();

function docIndex(): TagIndex {
  return JSON.parse(fs.readFileSync(path.join(BUILD_DIR, INDEX_FILE), 'utf8')) as TagIndex;
}

describe('documentation pages', () => {
  it('include every route of the specification in the tag index', () => {
    const paths = new Set(docIndex().docs.map((doc) => doc.path.replace(/(.)\/$/, '$1')));
    const missing = SPEC_DOC_ROUTES.filter(
      (route) => route !== '/docs/how-to-use-the-docs' && !paths.has(route),
    );
    assert.deepEqual(missing, []);
  });

  it('render every doc with its title as H1, real content, links, tags and no console errors', async () => {
    const { page, problems } = await openPage(site);
    const failures: string[] = [];
    for (const doc of docIndex().docs) {
      const errorsBefore = problems.errors.length;
      const response = await visit(page, `${site.url}${doc.path}`);
      const facts = await page.evaluate(() => {
        const article = document.querySelector('article');
        const text = article?.querySelector('.markdown')?.textContent ?? '';
        return {
          h1: document.querySelector('article h1')?.textContent?.trim(),
          h1Count: document.querySelectorAll('h1').length,
          words: text.split(/\s+/).filter(Boolean).length,
          internalLinks: [...(article?.querySelectorAll('.markdown a[href^="/docs"]') ?? [])].length,
          tagLinks: [...document.querySelectorAll('article footer a[href*="/docs/tags/"]')].map((a) =>
            a.getAttribute('href'),
          ),
          keywords: document.querySelector('meta[name="keywords"]')?.getAttribute('content') ?? '',
          description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
        };
      });
      const problemsHere: string[] = [];
      if (response?.status() !== 200) problemsHere.push(`status ${response?.status()}`);
      if (facts.h1 !== doc.title) problemsHere.push(`H1 "${facts.h1}" is not the title "${doc.title}"`);
      if (facts.h1Count !== 1) problemsHere.push(`${facts.h1Count} H1 elements`);
      if (facts.words < 150) problemsHere.push(`only ${facts.words} words`);
      if (facts.internalLinks < 1) problemsHere.push('no internal link');
      if (facts.tagLinks.length !== doc.tags.length) problemsHere.push('tag chips missing');
      if (!facts.tagLinks.every((href) => href?.startsWith('/docs/tags/')))
        problemsHere.push('tag chip off the tag pages');
      if (!doc.tags.every((tag) => facts.keywords.includes(tag)))
        problemsHere.push('tags missing from keywords');
      if (facts.description !== doc.description)
        problemsHere.push('meta description differs from front matter');
      if (problems.errors.length > errorsBefore) problemsHere.push(...problems.errors.slice(errorsBefore));
      if (problemsHere.length) failures.push(`${doc.path}: ${problemsHere.join('; ')}`);
    }
    assert.deepEqual(failures, []);
  });

  it('shows a table of contents on pages with sections', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/installation/rabbitmq`);
    const entries = page.locator('.table-of-contents a');
    assert.ok((await entries.count()) >= 3);
  });

  it('groups the sidebar by the spec’s sections', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs`);
    const labels = await page
      .locator('.theme-doc-sidebar-menu > li > div > a, .theme-doc-sidebar-menu > li > a')
      .allInnerTexts();
    assert.deepEqual(
      labels.map((label) => label.trim()),
      [
        'How to use the docs',
        'Concepts',
        'Getting started',
        'Services',
        'Developer',
        'Installation',
        'Troubleshooting',
        'Knowledge base',
        'Glossary',
      ],
    );
  });

  it('renders the licensing terms without a sidebar', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/standard-licensing-terms`);
    assert.equal(await page.locator('.theme-doc-sidebar-container').count(), 0);
  });

  it('resolves glossary anchors used by other pages', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/glossary`);
    for (const term of ['subscription', 'customer-plan', 'billing-rule', 'request', 'rabbitmq']) {
      assert.equal(await page.locator(`[id="${term}"]`).count(), 1, `glossary#${term}`);
    }
  });

  it('filters the knowledge-base article index by area', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/kb/article-index`);
    const status = page.getByRole('status');
    await status.getByText('Showing 30 of 30').waitFor();
    await page.getByLabel('Show articles for').selectOption('RabbitMQ');
    await status.getByText('Showing 3 of 30').waitFor();
    const visible = page
      .locator('table')
      .filter({ has: page.locator('th', { hasText: 'Area' }) })
      .locator('tbody tr:visible');
    assert.deepEqual(
      [...new Set(await visible.locator('td:nth-child(3)').allInnerTexts())].map((text) => text.trim()),
      ['RabbitMQ'],
    );
  });

  it('offers the bulk-import CSV template for download', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/getting-started/user-management/bulk-import`);
    const href = await page.getByRole('link', { name: 'Download the CSV template' }).getAttribute('href');
    assert.ok(href);
    const response = await page.request.get(new URL(href, site.url).toString());
    assert.equal(response.status(), 200);
    assert.match((await response.text()).split('\n')[0], /,/);
  });
});
