import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openPage, setupSite, visit } from './harness';
import { siteLinks } from '../site.links';

const site = setupSite();

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search the documentation' });
const searchButton = (page: Page) => page.getByRole('button', { name: /^Search/ }).first();

async function openModal(page: Page, path = '/docs/concepts/introduction') {
  await visit(page, `${site.url}${path}`);
  await page.keyboard.press('Control+k');
  await dialog(page).waitFor();
}

describe('search modal', () => {
  it('opens with Ctrl+K and "/", not while typing in a field, and Escape closes it', async () => {
    const { page, problems } = await openPage(site);
    await visit(page, `${site.url}/`);
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.keyboard.press('/');
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#home-search').focus();
    await page.keyboard.type('a/b');
    assert.equal(await dialog(page).count(), 0);
    assert.equal(await page.locator('#home-search').inputValue(), 'a/b');
    assert.deepEqual(problems.errors, []);
  });

  it('loads its code only when search is first reached for', async () => {
    const { page } = await openPage(site);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await visit(page, `${site.url}/docs/concepts/introduction`);
    assert.ok(requested.length > 0, 'requests are recorded from the start');
    assert.deepEqual(
      requested.filter((url) => new URL(url).pathname.startsWith('/search/')),
      [],
      'no index file on load',
    );
    const loaded = new Set(requested);
    const chunk = page.waitForRequest(
      (request) => request.resourceType() === 'script' && !loaded.has(request.url()),
    );
    await searchButton(page).hover();
    await chunk;
  });

  it('returns focus to the search button when closed', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/concepts/introduction`);
    await searchButton(page).click();
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-haspopup') === 'dialog');
  });

  it('keeps Tab focus inside the dialog', async () => {
    const { page } = await openPage(site);
    await openModal(page);
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))));
    }
  });

  it('shows results grouped by section with highlights, and a link to all results', async () => {
    const { page } = await openPage(site);
    await openModal(page);
    await page.getByRole('combobox').fill('billing run');
    await page.getByRole('option').first().waitFor();
    assert.ok((await page.locator('[role="listbox"] [role="group"]').count()) >= 1);
    assert.ok((await page.locator('[role="option"] mark').count()) > 0);
    const seeAll = page.getByRole('link', { name: /^See all \d+ results$/ });
    await seeAll.click();
    await page.waitForURL(/\/search\?q=billing(%20|\+)run$/);
    await page.locator('ol li').first().waitFor();
  });

  it('moves with the arrow keys and opens the selected result with Enter', async () => {
    const { page } = await openPage(site);
    await openModal(page);
    await page.getByRole('combobox').fill('KB 17');
    const first = page.getByRole('option').first();
    await first.waitFor();
    assert.equal(await first.getAttribute('aria-selected'), 'true');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.getByRole('option').nth(1).getAttribute('aria-selected'), 'true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/kb\/kb00017/);
    await page.locator('article h1', { hasText: /^KB00017:/ }).waitFor();
  });

  it('opens the selected result in a new tab with Ctrl+Enter', async () => {
    const { page } = await openPage(site);
    await openModal(page);
    await page.getByRole('combobox').fill('Install RabbitMQ');
    await page.getByRole('option').first().waitFor();
    const popup = page.context().waitForEvent('page');
    await page.keyboard.press('Control+Enter');
    const tab = await popup;
    await tab.waitForURL(/\/docs\/installation\/rabbitmq/);
  });

  it('explains an empty result and suggests other searches', async () => {
    const { page } = await openPage(site);
    await openModal(page);
    await page.getByRole('combobox').fill('qwxzzy');
    await page.getByText('No results found for').waitFor();
    await page.getByText('Try searching for').waitFor();
    await page.getByText('Believe this query should return results?').waitFor();
    assert.equal(
      await page.getByRole('link', { name: 'Let us know.' }).getAttribute('href'),
      siteLinks.supportPortal,
    );
    await page.locator('ul[class*="suggestions"] button').first().click();
    await page.getByRole('option').first().waitFor();
  });

  it('shows the error screen when the index cannot be fetched', async () => {
    const { page } = await openPage(site);
    await page.route('**/search/**', (route) => route.abort());
    await openModal(page);
    await page.getByRole('combobox').fill('billing');
    await page.getByText('Unable to fetch results').waitFor();
    await page.getByText('You might want to check your network connection.').waitFor();
  });

  it('remembers recent searches, stars them as favorites and removes them', async () => {
    const { page } = await openPage(site);
    await openModal(page);
    await page.getByRole('combobox').fill('shared mailbox');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/shared-mailboxes/);
    await page.keyboard.press('Control+k');
    const recent = page.getByRole('region', { name: 'Recent searches' });
    await recent.getByRole('button', { name: 'shared mailbox', exact: true }).waitFor();
    await recent.getByRole('button', { name: 'Save "shared mailbox" as a favorite' }).click();
    const favorites = page.getByRole('region', { name: 'Favorite searches' });
    await favorites.getByRole('button', { name: 'shared mailbox', exact: true }).waitFor();
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
    await page.keyboard.press('Control+k');
    await favorites.getByRole('button', { name: 'Remove "shared mailbox" from favorites' }).click();
    await favorites.waitFor({ state: 'detached' });
  });

  it('treats any query as text: markup, quotes, RTL, emoji, regex characters and 10,000 characters', async () => {
    const { page, problems } = await openPage(site);
    await openModal(page);
    const box = page.getByRole('combobox');
    const hostile = [
      '<img src=x onerror="window.__pwned=1">',
      '"quoted" \'single\' `back`',
      'שלום עולם مرحبا',
      '🚀🔥 billing',
      '.*+?^${}()|[]\\',
      'x'.repeat(10_000),
    ];
    for (const query of hostile) {
      await box.fill(query);
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      assert.equal(await box.inputValue(), query);
      assert.equal(await page.locator('[role="dialog"] img').count(), 0);
    }
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.deepEqual(
      problems.errors.filter((error) => !error.startsWith('Failed to load resource')),
      [],
    );
  });
});

describe('search page', () => {
  it('shows guidance for an empty query', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/search`);
    await page.getByText('Type a few words to search every page').waitFor();
  });

  it('lists results with a count, keeps the address in step and restores it on back', async () => {
    const { page, problems } = await openPage(site);
    await visit(page, `${site.url}/search?q=billing`);
    await page.getByText(/^\d+ results for “billing”$/).waitFor();
    assert.ok((await page.locator('ol li mark').count()) > 0);
    const input = page.getByRole('searchbox', { name: 'Search the documentation' });
    await input.fill('rabbitmq');
    await page.waitForURL(/\?q=rabbitmq$/);
    await page.getByText(/results for “rabbitmq”$/).waitFor();
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.waitForURL(/q=rabbitmq&page=2$/);
    await page.getByText('Page 2 of').waitFor();
    await page.goBack();
    await page.waitForURL(/\?q=rabbitmq$/);
    await page.getByText('Page 1 of').waitFor();
    assert.deepEqual(problems.errors, []);
  });

  it('renders a hostile q parameter as text', async () => {
    const { page, problems } = await openPage(site);
    const query = '<script>window.__pwned=1</script><img src=x onerror=window.__pwned=2>';
    await visit(page, `${site.url}/search?q=${encodeURIComponent(query)}`);
    await page.getByText(`for “${query}”`).waitFor();
    assert.equal(await page.locator('main img').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.deepEqual(problems.errors, []);
  });
});
