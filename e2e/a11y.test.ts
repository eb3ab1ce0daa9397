import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { AXE_VARIANTS, axeViolations, openPage, setupSite, visit, type AxeVariant } from './harness';

const site = setupSite();

/**
 * One page of each kind the site has, and the dialog states, as a reader reaches them. `narrow` marks
 * one of each layout whose controls change at phone width: the navbar, the doc page (sidebar and table
 * of contents become menus) and the dialog; the other kinds share one of these layouts.
 */
const ROUTE_CLASSES: { name: string; path: string; narrow?: true; open?: (page: Page) => Promise<void> }[] = [
  { name: 'home', path: '/', narrow: true },
  { name: 'concept page', path: '/docs/concepts/introduction', narrow: true },
  { name: 'knowledge-base article', path: '/docs/kb/kb00004' },
  { name: 'API page', path: '/docs/developer/api/reference/list-customers' },
  { name: 'tags page', path: '/docs/tags' },
  { name: 'search page', path: '/search?q=billing' },
  {
    name: 'search modal',
    path: '/docs',
    open: async (page) => {
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox').fill('invoice');
      await page.getByRole('option').first().waitFor();
    },
  },
  {
    // A numbered answer with a code block and citations: every part an answer can have.
    name: 'AI answer with steps and code',
    path: '/docs',
    narrow: true,
    open: async (page) => {
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox').fill('How do I create a local NuGet feed?');
      await page.getByRole('button', { name: /^Ask AI/ }).click();
      await page.getByRole('region', { name: 'Related sources' }).waitFor();
      await page.getByRole('dialog').locator('pre').first().waitFor();
    },
  },
];

/** Closes the search dialog, from whichever of its screens is open. */
async function closeDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  for (let i = 0; i < 3 && (await dialog.count()); i++) await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * One state of one kind of page, in one browser page: in light mode with the variant's rules; then,
 * given a dark variant, switched to dark with the navbar toggle as a reader does (a dialog is closed for
 * the click and opened again) and checked with its colour rules.
 */
async function violations(route: (typeof ROUTE_CLASSES)[number], variant: AxeVariant, dark?: AxeVariant) {
  const { page } = await openPage(site, { viewport: variant.viewport });
  const found: string[] = [];
  const check = async (variant: AxeVariant) => {
    for (const violation of await axeViolations(page, variant.rules))
      found.push(`${route.name} (${route.path}), ${variant.name}: ${violation}`);
  };
  try {
    // Docusaurus reads the colour mode from this query parameter before the first paint.
    const separator = route.path.includes('?') ? '&' : '?';
    await visit(page, `${site.url}${route.path}${separator}docusaurus-theme=${variant.theme}`);
    await route.open?.(page);
    await check(variant);
    if (!dark) return found;
    if (route.open) await closeDialog(page);
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await route.open?.(page);
    await check(dark);
    return found;
  } finally {
    await page.context().close();
  }
}

const [LIGHT, DARK, PHONE] = AXE_VARIANTS;

describe('accessibility (axe)', () => {
  it(`has no violations on ${ROUTE_CLASSES.length} kinds of page and dialog, in light (every rule) and dark (colour rules)`, async () => {
    const found: string[] = [];
    for (const route of ROUTE_CLASSES) found.push(...(await violations(route, LIGHT, DARK)));
    assert.deepEqual(found, [], `\n${found.join('\n')}`);
  });

  const narrow = ROUTE_CLASSES.filter((route) => route.narrow);
  it(`has no violations on ${narrow.length} kinds of page and dialog at phone width (every rule)`, async () => {
    const found: string[] = [];
    for (const route of narrow) found.push(...(await violations(route, PHONE)));
    assert.deepEqual(found, [], `\n${found.join('\n')}`);
  });
});

/**
 * Waits until the focused element, described the way a screen reader would name it ("button Ask"),
 * matches `pattern`: a screen moves focus once it has rendered, not when the key press returns.
 */
const focusReaches = (page: Page, pattern: RegExp) =>
  page.waitForFunction((source) => {
    const element = document.activeElement as HTMLElement | null;
    const label = element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
    return new RegExp(source).test(`${element?.tagName.toLowerCase()} ${label}`.trim());
  }, pattern.source);

/** Presses Tab until the focused element matches `selector`. */
async function tabUntil(page: Page, selector: string, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector)) return;
  }
  const last = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`Tab never reached ${selector} (last: ${last})`);
}

describe('keyboard only', () => {
  it('walks the navbar, sidebar, search dialog and AI answer without a mouse', async () => {
    const { page, problems } = await openPage(site);
    await visit(page, `${site.url}/docs/concepts/introduction`);
    // Navbar: the skip link comes first, then the brand and the navbar items.
    await page.keyboard.press('Tab');
    await focusReaches(page, /Skip to main content/);
    await tabUntil(page, '.navbar__item');
    await focusReaches(page, /Docs/);
    // Sidebar: its links are reached in order and open their page with Enter.
    await tabUntil(page, '.theme-doc-sidebar-menu a.menu__link:not(.menu__link--active)');
    const target = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).pathname);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === target);
    // The address changes first; the new page renders once its chunks have loaded.
    await page.locator(`.theme-doc-sidebar-menu a.menu__link--active[href="${target}"]`).waitFor();
    // The search dialog opens from the keyboard, and Tab stays inside it.
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('billing');
    await page.getByRole('option').first().waitFor();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      assert.equal(
        await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
        true,
      );
    }
    // The AI screen: reached with Tab + Enter on the Ask AI entry; every control is reachable by Tab.
    await page.getByRole('combobox').focus();
    await page.keyboard.press('Tab');
    await focusReaches(page, /Ask AI/);
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Related sources' }).waitFor();
    await focusReaches(page, /input Ask a follow-up question/);
    await page.keyboard.press('Tab');
    await focusReaches(page, /^button Ask$/);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await focusReaches(page, /^button Dislike$/);
    await page.keyboard.press('Enter');
    await page.getByText('Thanks for your feedback!').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await focusReaches(page, /^button Search/);
    assert.deepEqual(problems.errors, []);
  });
});
