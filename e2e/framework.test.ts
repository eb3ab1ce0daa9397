import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ANALYTICS_PATH, BUILD_DIR, openPage, until, setupSite, visit } from './harness';
import { LOAD_FAILED_MESSAGE } from '../plugins/analytics/load';
import { CRASH_MESSAGE } from '../plugins/e2e-fixtures/constants';

const site = setupSite();

describe('framework behaviours the spec names', () => {
  it('shows the not-found page for an unknown path', async () => {
    const { page } = await openPage(site);
    const response = await visit(page, `${site.url}/docs/no-such-page`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.locator('h1').innerText(), 'Page Not Found');
  });

  it('normalises .html and index.html paths to the clean path', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/how-to-use-the-docs.html`);
    await page.waitForURL(/\/docs\/?$/);
    assert.equal(await page.locator('h1').innerText(), 'How to use the docs');
    await visit(page, `${site.url}/docs/concepts/introduction/index.html`);
    await page.waitForURL(/\/docs\/concepts\/introduction$/);
    assert.equal(await page.locator('article h1').count(), 1);
  });

  it('serves /docs/how-to-use-the-docs as the main docs page', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/how-to-use-the-docs`);
    await page.waitForURL(/\/docs\/?$/);
    assert.equal(await page.locator('h1').innerText(), 'How to use the docs');
  });

  it('paints a doc page before its scripts run, then hydrates it', async () => {
    const { page, problems } = await openPage(site);
    // The webpack runtime, the first script a page runs, creates its chunk global: record the page's
    // state then. (A string, since tsx would wrap a function's inner functions in a helper the page lacks.)
    await page.addInitScript({
      content: `Object.defineProperty(window, 'webpackChunkservices_manager_docs', {
        configurable: true,
        get: function () { return undefined; },
        set: function (value) {
          window.stateAtFirstScript = {
            parsed: document.readyState !== 'loading',
            painted: performance.getEntriesByName('first-contentful-paint').length > 0,
          };
          Object.defineProperty(window, 'webpackChunkservices_manager_docs', { configurable: true, writable: true, value: value });
        },
      });`,
    });
    await visit(page, `${site.url}/docs/concepts/platformfeatures/billing/rules`);
    const state = await page.evaluate(() => (window as { stateAtFirstScript?: unknown }).stateAtFirstScript);
    assert.deepEqual(state, { parsed: true, painted: true });
    // Hydrating a half-parsed page would log React's hydration errors.
    assert.deepEqual(problems.errors, []);
  });

  it('shows the crash page with the error and a working Try again button', async () => {
    const { page } = await openPage(site);
    await page.goto(`${site.url}/__e2e/crash`);
    await page.getByText('This page crashed.').waitFor();
    await page.getByText(CRASH_MESSAGE).first().waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('This page crashed.').waitFor();
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
    const chunks = path.join(BUILD_DIR, 'assets', 'js');
    const aside = fs.mkdtempSync(path.join(os.tmpdir(), 'removed-chunks-'));
    const files = fs.readdirSync(chunks).filter((file) => removed.includes(file.replace(/\.(br|gz)$/, '')));
    for (const file of files) fs.renameSync(path.join(chunks, file), path.join(aside, file));
    try {
      await visit(page, `${site.url}/docs`);
      await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
      await page.locator('.markdown a[href$="/docs/glossary"]').first().click();
      await page.waitForURL(/\/docs\/glossary$/);
      await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload);
      assert.equal(await page.locator('h1').innerText(), 'Glossary');
    } finally {
      for (const file of files) fs.renameSync(path.join(aside, file), path.join(chunks, file));
    }
  });

  it('treats a hostile address fragment as a plain anchor', async () => {
    const { page, problems } = await openPage(site);
    for (const fragment of [
      '<img src=x onerror=window.injected=1>',
      '"><script>window.injected=1</script>',
      'javascript:window.injected=1',
    ]) {
      await visit(page, `${site.url}/docs/glossary#${encodeURIComponent(fragment)}`);
      assert.equal(await page.locator('h1').innerText(), 'Glossary');
      assert.equal(await page.evaluate(() => (window as { injected?: number }).injected), undefined);
    }
    assert.deepEqual(problems.errors, []);
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

  it('shows the base-URL issue banner when the site scripts cannot load', async () => {
    const { page } = await openPage(site);
    await page.route(/\.(js|css)$/, (route) => route.abort());
    await page.goto(`${site.url}/`, { waitUntil: 'domcontentloaded' });
    await page.locator('#__docusaurus-base-url-issue-banner').waitFor();
  });

  it('lists a tag’s docs on its tag page', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/tags`);
    await page
      .getByRole('link', { name: /^Billing\b/ })
      .first()
      .click();
    await page.waitForURL(/\/docs\/tags\/billing$/);
    assert.match(await page.locator('h1').innerText(), /tagged with "Billing"/);
    assert.ok((await page.locator('article').count()) >= 3);
  });

  it('prefetches the pages of visible links once the browser is idle', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/concepts/platformfeatures/billing/rules`);
    await page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length > 0);
    const prefetched = await page.$$eval('link[rel="prefetch"]', (links) =>
      links.map((link) => link.getAttribute('href') ?? ''),
    );
    assert.ok(prefetched.every((href) => /\/assets\/js\/[\w~-]+\.[0-9a-f]+\.js$/.test(href)));
  });

  it('highlights code with the site’s Prism and leaves no global Prism behind', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/developer/api/reference/list-customers`);
    const samples = page.getByRole('tabpanel').locator('pre.prism-code');
    assert.match((await samples.getAttribute('class')) ?? '', /language-bash/);
    await page.getByRole('tab', { name: 'PowerShell', exact: true }).click();
    await page.locator('pre.language-powershell .token.variable').first().waitFor();
    assert.equal(await page.locator('pre.language-bash').count(), 0, 'only the chosen sample is rendered');
    assert.equal(await page.evaluate(() => 'Prism' in window), false);
  });
});

describe('analytics', () => {
  it('loads the insights script from the site’s own path, deferred', async () => {
    const { page, problems } = await openPage(site);
    const loaded = page.waitForResponse((response) => response.url().endsWith(ANALYTICS_PATH));
    await visit(page, `${site.url}/`);
    assert.equal((await loaded).status(), 200);
    await page.waitForFunction(
      () => (window as unknown as { __insightsStandIn?: unknown }).__insightsStandIn,
    );
    assert.equal(await page.locator(`script[src$="${ANALYTICS_PATH}"]`).getAttribute('defer'), '');
    assert.deepEqual(problems.errors, []);
  });

  it('logs one message and keeps working when the script is missing', async () => {
    const { page, problems } = await openPage(site);
    await page.route(`**${ANALYTICS_PATH}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await visit(page, `${site.url}/`);
    await until(() => problems.messages.some((message) => message.text().includes(LOAD_FAILED_MESSAGE)));
    const ours = problems.messages.filter((message) => message.text().includes(LOAD_FAILED_MESSAGE));
    assert.equal(ours.length, 1);
    const others = problems.errors.filter((text) => !text.startsWith('Failed to load resource'));
    assert.deepEqual(others, []);
    await page.getByRole('link', { name: 'Docs', exact: true }).click();
    await page.waitForURL(/\/docs\/?$/);
  });
});
