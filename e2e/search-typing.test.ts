import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openPage, setupSite, type Problems } from './harness';

const site = setupSite();

/** Twenty keys, typed 10 ms apart right after search is asked for, at a quarter of the CPU's speed. */
const TEXT = 'abcdefghij klmnopqrs';
const DELAY = 10;
const SLOWDOWN = 4;

const searchButton = (page: Page) => page.locator('button[aria-haspopup="dialog"][aria-keyshortcuts]');
const box = (page: Page) =>
  page.getByRole('dialog', { name: 'Search the documentation' }).getByRole('combobox');

/** Ways of asking for search, each done as soon as the server-rendered page shows its search button. */
const TRIGGERS: [name: string, ask: (page: Page) => Promise<void>][] = [
  ['Ctrl+K', (page) => page.keyboard.press('Control+k')],
  ['"/"', (page) => page.keyboard.press('/')],
  ['a click on the search button', (page) => searchButton(page).click()],
];

const MAIN_BUNDLE = /\/assets\/js\/main\.[^/]+\.js$/;

/** Holds the page's requests for scripts matching `pattern`, those made while `holding()`, until released. */
async function holdScripts(page: Page, pattern: RegExp, holding = () => true): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    if (holding()) await held;
    await route.continue();
  });
  return release;
}

/** What the search dialog's box holds once the dialog has mounted and taken the keys typed so far. */
async function dialogText(page: Page): Promise<string> {
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  return box(page).inputValue();
}

/** Asks for search with Ctrl+K and types `text`: what the dialog's box then holds. */
async function searchFor(page: Page, text: string): Promise<string> {
  await page.keyboard.press('Control+k');
  await page.keyboard.type(text, { delay: DELAY });
  return dialogText(page);
}

async function slowPage(): Promise<{ page: Page; problems: Problems }> {
  const opened = await openPage(site);
  const cdp = await opened.page.context().newCDPSession(opened.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  opened.page.setDefaultTimeout(120_000);
  return opened;
}

/**
 * Opens `path` and, as soon as its search button is in the page (hydrated or not), asks for search and
 * types TEXT; returns what the dialog's search box holds once it has taken the keys typed so far.
 */
async function typeAfter(page: Page, path: string, ask: (page: Page) => Promise<void>): Promise<string> {
  await page.goto(`${site.url}${path}`, { waitUntil: 'commit' });
  await searchButton(page).waitFor();
  await ask(page);
  await page.keyboard.type(TEXT, { delay: DELAY });
  // Every key has been handled once `type` returns; the dialog takes them all when it mounts.
  return dialogText(page);
}

describe('typing right after asking for search', () => {
  for (const [name, ask] of TRIGGERS) {
    it(`keeps every key typed after ${name}, on a first visit and on a later one`, async () => {
      const { page, problems } = await slowPage();
      assert.equal(await typeAfter(page, '/docs/concepts/introduction', ask), TEXT, 'first visit');
      assert.equal(await typeAfter(page, '/docs/glossary', ask), TEXT, 'later visit');
      assert.equal(await page.locator('#search-early-input').count(), 0, 'nothing left behind');
      assert.deepEqual(problems.errors, []);
    });
  }

  // Held scripts make this one and the two Escape tests deterministic: they need no CPU slowdown.
  it('keeps every key typed after Ctrl+K while the page cannot hydrate yet', async () => {
    const { page, problems } = await openPage(site);
    const release = await holdScripts(page, MAIN_BUNDLE);
    await page.goto(`${site.url}/docs/concepts/introduction`, { waitUntil: 'commit' });
    await searchButton(page).waitFor();
    await page.keyboard.press('Control+k');
    await page.keyboard.type(TEXT.slice(0, 10), { delay: DELAY });
    assert.equal(await page.locator('html[data-has-hydrated="true"]').count(), 0, 'not hydrated yet');
    release();
    await page.keyboard.type(TEXT.slice(10), { delay: DELAY });
    assert.equal(await dialogText(page), TEXT);
    assert.deepEqual(problems.errors, []);
  });

  it('cancels search on Escape pressed before the page has hydrated', async () => {
    const { page, problems } = await openPage(site);
    const release = await holdScripts(page, MAIN_BUNDLE);
    await page.goto(`${site.url}/docs/concepts/introduction`, { waitUntil: 'commit' });
    await searchButton(page).waitFor();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('abc', { delay: DELAY });
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#search-early-input').count(), 0, 'stand-in removed');
    assert.equal(
      await page.evaluate(() => document.activeElement === document.body),
      true,
      'focus given back',
    );
    release();
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
    // The request made before hydration is not played: the dialog is not opened.
    assert.equal(await searchButton(page).getAttribute('aria-expanded'), 'false');
    assert.equal(await searchFor(page, 'xy'), 'xy');
    assert.deepEqual(problems.errors, []);
  });

  it("cancels search on Escape pressed while the dialog's code is loading", async () => {
    const { page, problems } = await openPage(site);
    let hold = false;
    const release = await holdScripts(page, /\/assets\/js\/[^/]+\.js$/, () => hold);
    await page.goto(`${site.url}/docs/concepts/introduction`);
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
    hold = true;
    await page.keyboard.press('Control+k');
    await page.keyboard.type('abc', { delay: DELAY });
    assert.equal(await searchButton(page).getAttribute('aria-expanded'), 'true', 'dialog asked for');
    assert.equal(await box(page).count(), 0, "the dialog's code has not arrived");
    await page.keyboard.press('Escape');
    await page.waitForSelector('button[aria-haspopup="dialog"][aria-expanded="false"]');
    assert.equal(await page.locator('#search-early-input').count(), 0, 'stand-in removed');
    release();
    assert.equal(await searchFor(page, 'xy'), 'xy');
    assert.deepEqual(problems.errors, []);
  });

  it("keeps every key typed into the home page's search box, on a first visit and on a later one", async () => {
    const { page, problems } = await slowPage();
    const home = page.locator('#home-search');
    for (const visit of ['first visit', 'later visit']) {
      await page.goto(`${site.url}/`, { waitUntil: 'commit' });
      await home.click();
      await page.keyboard.type(TEXT, { delay: DELAY });
      await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
      assert.equal(await home.inputValue(), TEXT, visit);
    }
    assert.deepEqual(problems.errors, []);
  });
});
