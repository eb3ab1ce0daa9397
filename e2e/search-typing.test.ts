import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openPage, setupSite } from './harness';

const site = setupSite();

/**
 * Twenty keys, typed 10 ms apart right after search is asked for. Every test holds the scripts the page
 * is waiting for (the main bundle before hydration, the dialog's chunk after it) while the first half is
 * typed and releases them before the second half: each phase is reached by construction, whatever the
 * machine's speed, with no CPU slowdown and no race.
 */
const TEXT = 'abcdefghij klmnopqrs';
const HALF = 10;
const DELAY = 10;

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

const hydrated = (page: Page) => page.locator('html[data-has-hydrated="true"]').count();

/**
 * Opens `path` with the main bundle held, asks for search as soon as the server-rendered button is
 * there, types half of TEXT before hydration and the rest after: what the dialog's box then holds.
 */
async function typeBeforeHydration(page: Page, path: string, ask: (page: Page) => Promise<void>) {
  let holding = true;
  const release = await holdScripts(page, MAIN_BUNDLE, () => holding);
  await page.goto(`${site.url}${path}`, { waitUntil: 'commit' });
  await searchButton(page).waitFor();
  await ask(page);
  await page.keyboard.type(TEXT.slice(0, HALF), { delay: DELAY });
  assert.equal(await hydrated(page), 0, 'typed before hydration');
  holding = false;
  release();
  await page.keyboard.type(TEXT.slice(HALF), { delay: DELAY });
  return dialogText(page);
}

/**
 * Opens `path`, waits for hydration, then holds every script while it asks for search and types half
 * of TEXT (the dialog's code cannot arrive), and releases them before the rest.
 */
async function typeWhileDialogLoads(page: Page, path: string, ask: (page: Page) => Promise<void>) {
  let holding = false;
  const release = await holdScripts(page, /\/assets\/js\/[^/]+\.js$/, () => holding);
  await page.goto(`${site.url}${path}`);
  await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
  holding = true;
  await ask(page);
  await page.keyboard.type(TEXT.slice(0, HALF), { delay: DELAY });
  assert.equal(await box(page).count(), 0, "typed before the dialog's code arrived");
  holding = false;
  release();
  await page.keyboard.type(TEXT.slice(HALF), { delay: DELAY });
  return dialogText(page);
}

describe('typing right after asking for search', () => {
  for (const [name, ask] of TRIGGERS)
    it(`keeps every key typed after ${name}, before hydration and while the dialog's code loads`, async () => {
      const { page, problems } = await openPage(site);
      assert.equal(
        await typeBeforeHydration(page, '/docs/concepts/introduction', ask),
        TEXT,
        'before hydration',
      );
      await page.unrouteAll();
      assert.equal(await typeWhileDialogLoads(page, '/docs/glossary', ask), TEXT, 'while the dialog loads');
      assert.equal(await page.locator('#search-early-input').count(), 0, 'nothing left behind');
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

  it("keeps every key typed into the home page's search box before the page hydrates", async () => {
    const { page, problems } = await openPage(site);
    let holding = true;
    const release = await holdScripts(page, MAIN_BUNDLE, () => holding);
    const home = page.locator('#home-search');
    await page.goto(`${site.url}/`, { waitUntil: 'commit' });
    await home.click();
    await page.keyboard.type(TEXT.slice(0, HALF), { delay: DELAY });
    assert.equal(await hydrated(page), 0, 'typed before hydration');
    holding = false;
    release();
    await page.keyboard.type(TEXT.slice(HALF), { delay: DELAY });
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
    assert.equal(await home.inputValue(), TEXT);
    assert.deepEqual(problems.errors, []);
  });
});
