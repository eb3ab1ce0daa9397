import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ANALYTICS_PATH, openPage, until, setupSite, visit } from './harness';
import type { Response } from 'playwright-core';
import type { PrismTheme } from 'prism-react-renderer';
import { LOAD_FAILED_MESSAGE } from '../plugins/analytics/load';
import { darkCodeTheme, lightCodeTheme } from '../src/prismTheme';

const site = setupSite();

describe('framework behaviours the spec names that our code changes', () => {
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

  it('keeps a theme-toggle click and a Ctrl+K made before the page is interactive', async () => {
    const { page } = await openPage(site);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/js\/main\.[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.url}/docs/glossary`, { waitUntil: 'commit' });
    const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
    await toggle.waitFor();
    assert.equal(
      await page.locator('html[data-has-hydrated="true"]').count(),
      0,
      'the page is not interactive yet',
    );
    await toggle.click({ force: true });
    await page.keyboard.press('Control+k');
    release();
    await page.getByRole('dialog', { name: 'Search the documentation' }).waitFor();
    await page.waitForSelector('html[data-theme="dark"]', { state: 'attached' });
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

  it('prefetches a linked page’s chunks in idle time, not in the task that saw the link', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs`);
    const { queued, linksBefore, linksAfter } = await page.evaluate(() => {
      const prefetchLinks = 'link[rel="prefetch"]';
      const linksBefore = document.querySelectorAll(prefetchLinks).length;
      const { prefetch } = (window as unknown as { docusaurus: { prefetch(path: string): unknown } })
        .docusaurus;
      const queued = prefetch('/docs/kb/kb00004') !== false;
      return { queued, linksBefore, linksAfter: document.querySelectorAll(prefetchLinks).length };
    });
    assert.ok(queued, 'the page was not prefetched before');
    assert.equal(linksAfter, linksBefore, 'no prefetch link is added while the caller’s task runs');
    await page.waitForFunction(
      (before) => document.querySelectorAll('link[rel="prefetch"]').length > before,
      linksBefore,
    );
  });

  it('shows the base-URL issue banner when the site scripts cannot load', async () => {
    const { page } = await openPage(site);
    await page.route(/\.(js|css)$/, (route) => route.abort());
    await page.goto(`${site.url}/`, { waitUntil: 'domcontentloaded' });
    await page.locator('#__docusaurus-base-url-issue-banner').waitFor();
  });

  it('shows code highlighted from build-time tokens, without downloading Prism', async () => {
    const { page } = await openPage(site);
    const scripts: Promise<string>[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    };
    page.on('response', onResponse);
    await visit(page, `${site.url}/docs/developer/api/reference/list-customers`);
    const samples = page.getByRole('tabpanel').locator('pre.prism-code');
    assert.match((await samples.getAttribute('class')) ?? '', /language-bash/);
    // The PowerShell sample renders only once its tab is chosen: in the browser, from the page's tokens.
    await page.getByRole('tab', { name: 'PowerShell', exact: true }).click();
    await page.locator('pre.language-powershell .token.variable').first().waitFor();
    assert.equal(await page.locator('pre.language-bash').count(), 0, 'only the chosen sample is rendered');
    // Prism's core names this hook; no script the page loaded contains it. The listener goes first, so
    // every read is awaited here and none can fail after the page closes.
    page.off('response', onResponse);
    const loaded = (await Promise.allSettled(scripts)).flatMap((read) =>
      read.status === 'fulfilled' ? [read.value] : [],
    );
    assert.ok(loaded.length > 5);
    assert.equal(
      loaded.filter((script) => script.includes('before-highlightall')).length,
      0,
      'Prism was loaded',
    );
    assert.equal(await page.evaluate(() => 'Prism' in window), false);
  });
  it('gives a reader in dark mode the dark code colours once the page has hydrated', async () => {
    const { page, problems } = await openPage(site);
    const rgb = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      return `rgb(${r}, ${g}, ${b})`;
    };
    // The themes give colours as #rrggbb or rgb(…); the browser reads both back as rgb(…).
    const colours = (theme: PrismTheme) =>
      theme.styles.flatMap(({ style }) =>
        style.color ? [style.color.startsWith('#') ? rgb(style.color) : style.color] : [],
      );
    const [dark, light] = [colours(darkCodeTheme), colours(lightCodeTheme)];
    await visit(page, `${site.url}/docs/installation/prerequisites?docusaurus-theme=dark`);
    // The page hydrates with the server's light colours; the reader's mode arrives as an update.
    const background = rgb(darkCodeTheme.plain.backgroundColor!);
    await page.waitForFunction(
      (expected) => document.querySelector<HTMLElement>('pre.prism-code')?.style.backgroundColor === expected,
      background,
    );
    const tokens = await page
      .locator('pre.prism-code .token[style*="color"]')
      .evaluateAll((spans) => spans.map((span) => (span as HTMLElement).style.color));
    assert.ok(tokens.length > 3, `${tokens.length} coloured tokens`);
    assert.deepEqual(
      tokens.filter((colour) => !dark.includes(colour)),
      [],
      `token colours outside the dark theme (${tokens.filter((colour) => light.includes(colour)).length} from the light one)`,
    );
    assert.deepEqual(problems.errors, []);
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
