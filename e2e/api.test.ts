import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import yaml from 'js-yaml';
import { openPage, ROOT, setupSite, visit } from './harness';
import { DEFAULT_SPEC } from '../scripts/openapi';

type Operation = { operationId: string; summary: string; tags: string[]; parameters?: { name: string }[] };
const spec = yaml.load(fs.readFileSync(path.join(ROOT, DEFAULT_SPEC), 'utf8')) as {
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
};
const kebab = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const operations = Object.entries(spec.paths).flatMap(([route, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({ method, route, ...operation })),
);
/** One operation per tag, preferring one with parameters so the parameter tables are checked too. */
const perTag = spec.tags.map((tag) => {
  const ofTag = operations.filter((operation) => operation.tags[0] === tag.name);
  return ofTag.find((operation) => (operation.parameters ?? []).length > 0) ?? ofTag[0];
});

const site = setupSite();

describe('REST API v2 reference', () => {
  for (const operation of perTag) {
    it(`shows ${operation.operationId} with method, path, parameters, response schema and code samples`, async () => {
      const { page, problems } = await openPage(site);
      const response = await visit(
        page,
        `${site.url}/docs/developer/api/reference/${kebab(operation.operationId)}`,
      );
      assert.equal(response?.status(), 200);
      assert.equal(await page.locator('article h1').innerText(), operation.summary);
      const endpoint = page.locator('.api-endpoint');
      assert.equal(await endpoint.locator('.api-badge').innerText(), operation.method.toUpperCase());
      assert.equal(await endpoint.locator('code').innerText(), operation.route);
      for (const parameter of operation.parameters ?? []) {
        if (parameter.name) await page.locator('table code', { hasText: parameter.name }).first().waitFor();
      }
      await page.locator('#responses').waitFor();
      assert.ok(
        (await page.locator('#responses ~ .table-scroll table').count()) > 0,
        'a response schema table',
      );
      const tabs = await page.locator('#code-samples ~ .tabs-container [role="tab"]').allInnerTexts();
      assert.deepEqual(tabs, ['curl', 'PowerShell', 'Python', 'JavaScript', 'C#']);
      assert.deepEqual(problems.errors, []);
    });
  }

  it('groups the reference in the sidebar by tag', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/developer/api/reference/services-manager-rest-api`);
    const categories = await page
      .locator('.theme-doc-sidebar-menu .menu__list .menu__list-item-collapsible > a')
      .allInnerTexts();
    for (const tag of spec.tags) assert.ok(categories.includes(tag.name), `sidebar category "${tag.name}"`);
  });

  it('renders every operation of the specification', () => {
    const built = path.join(ROOT, 'build/docs/developer/api/reference');
    const missing = operations.filter(
      (operation) => !fs.existsSync(path.join(built, kebab(operation.operationId), 'index.html')),
    );
    assert.deepEqual(
      missing.map((operation) => operation.operationId),
      [],
    );
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
