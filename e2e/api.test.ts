import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPage, ROOT, setupSite, visit } from './harness';
import { apiModel, DEFAULT_SPEC } from '@services-manager-docs/core/api';

const site = setupSite();

// Each operation page's facts (method, path, parameters, schemas, samples) are read from the build in
// ./pages.test.ts; these are the reference's behaviour in the browser.
describe('REST API v2 reference', () => {
  it('groups the reference in the sidebar by tag', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/developer/api/reference/services-manager-rest-api`);
    const categories = await page
      .locator('.theme-doc-sidebar-menu .menu__list .menu__list-item-collapsible > a')
      .allInnerTexts();
    const { tags } = await apiModel({ kind: 'file', location: DEFAULT_SPEC }, { cwd: ROOT });
    for (const tag of tags) assert.ok(categories.includes(tag.name), `sidebar category "${tag.name}"`);
  });

  it('links the hand-written API guides from the main docs sidebar', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/developer/provisioning-manager/overview`);
    for (const guide of ['api-intro', 'rest', 'cortex']) {
      const response = await page.request.get(`${site.url}/docs/developer/api/${guide}`);
      assert.equal(response.status(), 200, guide);
    }
    await page
      .locator('.theme-doc-sidebar-menu a[href="/docs/developer/api/api-intro"]')
      .first()
      .waitFor({ state: 'attached' });
  });
});
