/**
 * Smoke tests of what Docusaurus itself provides and this site does not change: its not-found page,
 * error boundary, chunk-load recovery, progress bar, scroll restoration and tag pages. They are not part
 * of the gate (`npm test`); run them after a Docusaurus upgrade with `npm run test:smoke` (after
 * `npm run build`).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openPage, setupSite, visit } from '../e2e/harness';

const site = setupSite();

const CRASH_MESSAGE = 'Deliberate crash for the end-to-end suite';
/**
 * Put before a chunk's code: wraps the modules it hands to webpack so that each one whose default
 * export is a function (a component) exports one that throws CRASH_MESSAGE instead.
 */
const CRASHING_CHUNK_PRELUDE = `(function () {
  var chunks = (self.webpackChunkservices_manager_docs = self.webpackChunkservices_manager_docs || []);
  var push = chunks.push;
  chunks.push = function (chunk) {
    chunks.push = push;
    var modules = chunk[1];
    Object.keys(modules).forEach(function (id) {
      var define = modules[id];
      modules[id] = function (module) {
        define.apply(this, arguments);
        var exported = module.exports;
        if (!exported || typeof exported.default !== 'function') return;
        var crashing = {};
        Object.keys(exported).forEach(function (name) { crashing[name] = exported[name]; });
        crashing.default = function () { throw new Error(${JSON.stringify(CRASH_MESSAGE)}); };
        Object.defineProperty(crashing, '__esModule', { value: true });
        module.exports = crashing;
      };
    });
    return push.apply(this, arguments);
  };
})();
`;

describe('Docusaurus behaviours the spec names', () => {
  it('shows the not-found page for an unknown path', async () => {
    const { page } = await openPage(site);
    const response = await visit(page, `${site.url}/docs/no-such-page`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.locator('h1').innerText(), 'Page Not Found');
  });

  it('shows the crash page with the error and a working Try again button', async () => {
    const { page, problems } = await openPage(site);
    await visit(page, `${site.url}/docs`);
    // From here on, every module a newly loaded chunk defines (the glossary's own page chunks) that
    // exports a component renders by throwing: a page that crashes in the shipped build.
    await page.route('**/assets/js/*.js', async (route) => {
      const body = await (await route.fetch()).text();
      await route.fulfill({ contentType: 'text/javascript', body: CRASHING_CHUNK_PRELUDE + body });
    });
    await page.locator('.markdown a[href$="/docs/glossary"]').first().click();
    await page.getByText('This page crashed.').waitFor();
    await page.getByText(CRASH_MESSAGE).first().waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('This page crashed.').waitFor();
    assert.ok(problems.errors.some((error) => error.includes(CRASH_MESSAGE)));
  });

  it('recovers with a full reload when a redeploy removed the next page chunk', async () => {
    const { page } = await openPage(site);
    // The redeploy: the chunks the glossary needs beyond what /docs loads are gone from the server.
    const scriptsOf = async (route: string) => {
      const { page: probe } = await openPage(site);
      const names = new Set<string>();
      probe.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          names.add(path.basename(new URL(response.url()).pathname));
      });
      await visit(probe, `${site.url}${route}`);
      await probe.context().close();
      return names;
    };
    const current = await scriptsOf('/docs');
    const removed = [...(await scriptsOf('/docs/glossary'))].filter((file) => !current.has(file));
    assert.ok(removed.length > 0, 'the glossary has chunks of its own');
    await page.route(
      (url) => removed.includes(path.basename(url.pathname)),
      (route) => route.fulfill({ status: 404, body: 'Not found' }),
    );
    await visit(page, `${site.url}/docs`);
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await page.locator('.markdown a[href$="/docs/glossary"]').first().click();
    await page.waitForURL(/\/docs\/glossary$/);
    await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload);
    await page.locator('h1', { hasText: /^Glossary$/ }).waitFor();
  });

  it('shows the progress bar on a slow route change', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/js/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('.markdown a[href$="/docs/glossary"]').first().click();
    await page.locator('#nprogress').waitFor({ state: 'attached' });
    release();
    await page.waitForURL(/\/docs\/glossary$/);
    await page.locator('#nprogress').waitFor({ state: 'detached' });
  });

  it('scrolls to the top on a new page and to the anchor when one is given', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/glossary`);
    await page.mouse.wheel(0, 4000);
    await page.waitForFunction(() => window.scrollY > 1000);
    await page.locator('.pagination-nav__link').first().click();
    await page.waitForFunction(() => !location.pathname.endsWith('/glossary') && window.scrollY === 0);
    await visit(page, `${site.url}/docs/glossary#subscription`);
    await page.waitForFunction(() => {
      const top = document.getElementById('subscription')?.getBoundingClientRect().top ?? -1;
      return window.scrollY > 0 && top >= 0 && top < window.innerHeight;
    });
  });

  it('lists a tag’s docs on its tag page', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/tags`);
    await page
      .getByRole('link', { name: /^Billing\b/ })
      .first()
      .click();
    await page.waitForURL(/\/docs\/tags\/billing$/);
    // The address changes as soon as the link is followed; the page renders once its chunks are loaded.
    await page.locator('h1', { hasText: /tagged with "Billing"/ }).waitFor();
    assert.ok((await page.locator('article').count()) >= 3);
  });
});
