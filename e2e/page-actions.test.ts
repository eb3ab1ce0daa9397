/**
 * The "Use with AI" menu above every doc page: keyboard use, the links it builds, the MCP settings dialog,
 * axe in light, dark and mobile, and no request to any other host.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { siteUrl } from '../site.links';
import { ASSISTANT_CLIENTS } from '../src/components/PageActions/snippets';
import { AXE_VARIANTS, axeViolations, openPage, setupSite, visit } from './harness';

const site = setupSite();
const PAGE = '/docs/kb/kb00017';

/** Waits until the focused element's text starts with `name` (the menu moves focus after it renders). */
const focusMovesTo = (page: Page, name: string) =>
  page.waitForFunction(
    (prefix) => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim().startsWith(prefix),
    name,
  );

describe('Use with AI menu', () => {
  it('opens, moves and closes from the keyboard, returning focus to its button', async () => {
    const { page, problems } = await openPage(site);
    await visit(page, `${site.url}${PAGE}`);
    const button = page.getByRole('button', { name: 'Use with AI' });
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await button.getAttribute('aria-haspopup'), 'menu');
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Use with AI' }).waitFor();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.getByRole('menuitem').count(), 3);
    await focusMovesTo(page, 'Open in ChatGPT');
    await page.keyboard.press('ArrowDown');
    await focusMovesTo(page, 'Open in Claude');
    await page.keyboard.press('End');
    await focusMovesTo(page, 'Connect to your AI assistant');
    await page.keyboard.press('ArrowDown');
    await focusMovesTo(page, 'Open in ChatGPT');
    await page.keyboard.press('ArrowUp');
    await focusMovesTo(page, 'Connect to your AI assistant');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    // Focus returns to the button once the closed menu or dialog has unmounted.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-haspopup') === 'menu');
    await page.keyboard.press('ArrowUp');
    await focusMovesTo(page, 'Connect to your AI assistant');
    await page.locator('article h1').click({ position: { x: 5, y: 5 } });
    await page.getByRole('menu').waitFor({ state: 'detached' });
    assert.deepEqual(problems.errors, []);
  });

  it('links to ChatGPT and Claude in a new tab with a prompt naming the page’s Markdown copy', async () => {
    const { page } = await openPage(site);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await visit(page, `${site.url}${PAGE}`);
    await page.getByRole('button', { name: 'Use with AI' }).click();
    for (const [name, prefix] of [
      ['Open in ChatGPT', 'https://chatgpt.com/?q='],
      ['Open in Claude', 'https://claude.ai/new?q='],
    ]) {
      const link = page.getByRole('menuitem', { name: new RegExp(`^${name}`) });
      const href = (await link.getAttribute('href'))!;
      assert.ok(href.startsWith(prefix), href);
      assert.match(new URL(href).searchParams.get('q')!, new RegExp(`${siteUrl}${PAGE}\\.md`));
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.match((await link.getAttribute('rel'))!, /noopener/);
    }
    const elsewhere = requests.filter((url) => !url.startsWith(site.url) && !url.startsWith('data:'));
    assert.deepEqual(elsewhere, [], 'the page requested another host');
  });

  it('shows copyable MCP settings in a dialog that Escape closes', async () => {
    const { page, problems } = await openPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await visit(page, `${site.url}${PAGE}`);
    const button = page.getByRole('button', { name: 'Use with AI' });
    await button.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Connect to your AI assistant' });
    await dialog.waitFor();
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('dialog')));
    const cursor = ASSISTANT_CLIENTS.find((client) => client.id === 'cursor')!;
    await dialog.getByRole('radio', { name: 'Cursor' }).check();
    await dialog.getByRole('button', { name: 'Copy: Cursor: over HTTP' }).click();
    await dialog.getByText('Copied!').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), cursor.http);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus returns to the button once the closed menu or dialog has unmounted.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-haspopup') === 'menu');
    assert.deepEqual(problems.errors, []);
  });

  for (const variant of AXE_VARIANTS) {
    it(`passes axe with the menu and with the dialog open, ${variant.name}`, async () => {
      const { page } = await openPage(site, { viewport: variant.viewport });
      await visit(page, `${site.url}${PAGE}?docusaurus-theme=${variant.theme}`);
      const button = page.getByRole('button', { name: 'Use with AI' });
      await button.click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const box = (await menu.boundingBox())!;
      assert.ok(
        box.x >= 0 && box.x + box.width <= variant.viewport.width,
        `menu off screen: ${JSON.stringify(box)}`,
      );
      // The page around them is checked by the accessibility suite (a11y.test.ts).
      const found = (await axeViolations(page, variant.rules, '[role="menu"]')).map((v) => `menu: ${v}`);
      await page.getByRole('menuitem', { name: /^Connect to your AI assistant/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const dialogBox = (await dialog.boundingBox())!;
      assert.ok(dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= variant.viewport.width);
      found.push(...(await axeViolations(page, variant.rules, 'dialog[open]')).map((v) => `dialog: ${v}`));
      assert.deepEqual(found, [], `\n${found.join('\n')}`);
    });
  }
});
