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
