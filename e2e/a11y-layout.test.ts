import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, openPage, setupSite, visit } from './harness';

/**
 * What axe does not check (WCAG 2.2 AA): target size (2.5.8), focus not obscured by the sticky bars
 * (2.4.11), reflow at 320 CSS px (1.4.10), text spacing (1.4.12), reduced motion, and what the search
 * dialog announces (4.1.3). One browser for the file and a few representative pages a check.
 */
const site = setupSite();

/** A long doc page with code blocks, a table, the page actions, the feedback question and many links. */
const DOC = '/docs/installation/rabbitmq';
const WIDTHS = [
  ['desktop', DESKTOP],
  ['phone', MOBILE],
] as const;

/** How many controls of `scope` (a CSS selector) are on screen, and those smaller than 24×24 CSS px. */
const smallTargets = (page: Page, scope: string) =>
  page.evaluate((selector) => {
    const small: string[] = [];
    let measured = 0;
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const { width, height } = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (!width || !height || style.visibility === 'hidden') continue;
      measured += 1;
      if (width < 24 || height < 24) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30);
        small.push(`${element.tagName.toLowerCase()} "${name}" ${width.toFixed(1)}×${height.toFixed(1)}`);
      }
    }
    return { measured, small };
  }, scope);

const CONTROLS = 'a, button, input, select, textarea, [role="option"], [role="menuitem"]';
const within = (...scopes: string[]) =>
  scopes.flatMap((scope) => CONTROLS.split(', ').map((control) => `${scope} ${control}`)).join(', ');

describe('target size (24×24 CSS px)', () => {
  for (const [name, viewport] of WIDTHS)
    it(`holds for the navbar, page actions, feedback, code-block, search and Ask AI controls at ${name} width`, async () => {
      const { page, problems } = await openPage(site, { viewport });
      const found: string[] = [];
      // Each part must have controls on screen to measure, or the check would pass on nothing.
      const check = async (part: string, selector: string) => {
        const { measured, small } = await smallTargets(page, selector);
        if (!measured) found.push(`${part}: no control found with ${selector}`);
        for (const target of small) found.push(`${part}: ${target}`);
      };
      await visit(page, `${site.url}${DOC}`);
      await check('navbar', within('.navbar', '.theme-announcement-bar'));
      await check('page actions', within('article div:has(> button + a)'));
      await page.getByRole('button', { name: /^Use with AI/ }).click();
      await check('page actions menu', '[role="menu"] [role="menuitem"]');
      await page.keyboard.press('Escape');
      await check('feedback', within('section[aria-label="Page feedback"]'));
      await check('code blocks', '.theme-code-block button');
      await page
        .locator('.navbar')
        .getByRole('button', { name: /^Search/ })
        .click();
      await page.getByRole('combobox').fill('rabbitmq tls');
      await page.getByRole('option').first().waitFor();
      await check('search dialog', within('[role="dialog"]'));
      await page.getByRole('button', { name: /^Ask AI/ }).click();
      await page.getByRole('region', { name: 'Related sources' }).waitFor();
      // Citations inside the answer's sentences are inline links, which 2.5.8 exempts.
      await check(
        'Ask AI',
        `${within('[role="dialog"] form')}, [role="dialog"] section a, [role="dialog"] button`,
      );
      assert.deepEqual(found, [], `\n${found.join('\n')}`);
      assert.deepEqual(problems.errors, []);
    });
});

describe('focus not obscured', () => {
  for (const [name, viewport] of WIDTHS)
    it(`keeps every focused element of a long page below the sticky navbar at ${name} width`, async () => {
      const { page } = await openPage(site, { viewport });
      await visit(page, `${site.url}${DOC}`);
      const hidden: string[] = [];
      let reachedFooter = false;
      for (let i = 0; i < 150 && !reachedFooter; i++) {
        await page.keyboard.press('Tab');
        const state = await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement | null;
          if (!focused || focused === document.body) return undefined;
          const rect = focused.getBoundingClientRect();
          // A sticky or fixed bar at the top of the window covers the focused element where the two
          // overlap and the bar is what the reader sees there (the skip link, for one, is drawn on top).
          const covering = [...document.querySelectorAll<HTMLElement>('.navbar, .theme-announcement-bar')]
            .filter((bar) => ['sticky', 'fixed'].includes(getComputedStyle(bar).position))
            .filter((bar) => !bar.contains(focused))
            .filter((bar) => {
              const cover = bar.getBoundingClientRect();
              const [top, bottom] = [Math.max(rect.top, cover.top), Math.min(rect.bottom, cover.bottom)];
              const [left, right] = [Math.max(rect.left, cover.left), Math.min(rect.right, cover.right)];
              if (bottom - top < 1 || right - left < 1) return false;
              const seen = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
              return Boolean(seen && bar.contains(seen) && !focused.contains(seen));
            })
            .map(
              (bar) =>
                `${bar.className.split(' ')[0]} reaching ${bar.getBoundingClientRect().bottom.toFixed(0)}`,
            );
          return {
            name: `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`,
            covered: covering.length > 0,
            at: `top ${rect.top.toFixed(0)} under ${covering.join(', ')}`,
            footer: Boolean(focused.closest('footer')),
          };
        });
        if (!state) continue;
        if (state.covered) hidden.push(`${state.name}: ${state.at}`);
        reachedFooter = state.footer;
      }
      assert.ok(reachedFooter, 'Tab did not reach the footer');
      assert.deepEqual(hidden, [], `\n${hidden.join('\n')}`);
    });
});

/** Elements wider than the window, outside code blocks and tables (which scroll inside themselves). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .filter((element) => !element.closest('pre, table, .table-scroll, [class*="codeBlock"], .sr-only'))
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
      .slice(0, 10);
  });

describe('reflow at 320 CSS px', () => {
  it('scrolls no page sideways, except inside code blocks and tables', async () => {
    const { page } = await openPage(site, { viewport: { width: 320, height: 640 } });
    const found: string[] = [];
    for (const path of [
      '/',
      DOC,
      '/docs/installation/prerequisites',
      '/docs/developer/api/reference/list-customers',
      '/search?q=billing',
    ]) {
      await visit(page, `${site.url}${path}`);
      for (const element of await overflowing(page)) found.push(`${path}: ${element}`);
    }
    // The search dialog and an answer with a code block.
    await page
      .locator('.navbar')
      .getByRole('button', { name: /^Search/ })
      .click();
    await page.getByRole('combobox').fill('How do I create a local NuGet feed?');
    await page.getByRole('button', { name: /^Ask AI/ }).click();
    await page.getByRole('region', { name: 'Related sources' }).waitFor();
    for (const element of await overflowing(page)) found.push(`Ask AI answer: ${element}`);
    assert.deepEqual(found, [], `\n${found.join('\n')}`);
  });
});

/** WCAG 1.4.12's text-spacing overrides, as a reader's style sheet applies them. */
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

describe('text spacing', () => {
  for (const [name, viewport] of WIDTHS)
    it(`clips no text with WCAG 1.4.12's spacing at ${name} width`, async () => {
      const { page } = await openPage(site, { viewport });
      const found: string[] = [];
      for (const path of ['/', DOC, '/docs/developer/api/reference/list-customers']) {
        await visit(page, `${site.url}${path}`);
        await page.addStyleTag({ content: TEXT_SPACING });
        const clipped = await page.evaluate(() =>
          [...document.body.querySelectorAll<HTMLElement>('*')]
            .filter((element) => {
              const style = getComputedStyle(element);
              if (!element.textContent?.trim() || element.closest('.sr-only')) return false;
              // Hidden parts (the closed mobile menu) and visually hidden text are not read on screen.
              if (style.display === 'none' || style.visibility === 'hidden' || element.clientWidth <= 1)
                return false;
              return (
                (['hidden', 'clip'].includes(style.overflowY) &&
                  element.scrollHeight > element.clientHeight + 1) ||
                (['hidden', 'clip'].includes(style.overflowX) &&
                  element.scrollWidth > element.clientWidth + 1)
              );
            })
            .map(
              (element) =>
                `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.textContent!.trim().slice(0, 30)}" ` +
                `${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight}`,
            ),
        );
        for (const element of clipped) found.push(`${path}: ${element}`);
      }
      assert.deepEqual(found, [], `\n${found.join('\n')}`);
    });
});

/** Every element and pseudo-element whose transition or animation lasts longer than a millisecond. */
const moving = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('*')].flatMap((element) =>
      [undefined, '::before', '::after'].flatMap((pseudo) => {
        const style = getComputedStyle(element, pseudo);
        const [transition, animation] = [style.transitionDuration, style.animationDuration].map((value) =>
          Math.max(
            ...value.split(',').map((part) => parseFloat(part) / (part.trim().endsWith('ms') ? 1000 : 1)),
          ),
        );
        const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}${pseudo ?? ''}`;
        return [
          ...(transition > 0.001 && style.transitionProperty !== 'none'
            ? [`${name}: transition ${style.transitionProperty} ${style.transitionDuration}`]
            : []),
          ...(animation > 0.001 && style.animationName !== 'none'
            ? [`${name}: animation ${style.animationName} ${style.animationDuration}`]
            : []),
        ];
      }),
    ),
  );

/** What a reader sees move on a long doc page and in the search dialog, with `reducedMotion` as set. */
async function motionOnDocAndDialog(reducedMotion: 'reduce' | 'no-preference'): Promise<string[]> {
  const { page } = await openPage(site, { reducedMotion });
  const found: string[] = [];
  await visit(page, `${site.url}${DOC}`);
  found.push(...(await moving(page)));
  await page
    .locator('.navbar')
    .getByRole('button', { name: /^Search/ })
    .click();
  await page.getByRole('combobox').fill('rabbitmq');
  await page.getByRole('option').first().waitFor();
  found.push(...(await moving(page)));
  await page.context().close();
  return [...new Set(found)];
}

describe('reduced motion', () => {
  it('runs no animation or transition when the reader asks for reduced motion', async () => {
    const found = await motionOnDocAndDialog('reduce');
    assert.deepEqual(found, [], `\n${found.join('\n')}`);
  });

  it('finds the transitions a reader without that preference sees (the check can fail)', async () => {
    assert.ok((await motionOnDocAndDialog('no-preference')).length > 0);
  });
});

type Announcements = { changes: { text: string; streaming: boolean }[]; sawStreaming: boolean };

describe('screen-reader announcements', () => {
  it('announces the number of search results and an Ask AI answer once, politely, not word by word', async () => {
    const { page, problems } = await openPage(site);
    // The search page: its count is the status region; the results are not read out as they change.
    await visit(page, `${site.url}/search?q=billing`);
    await page
      .getByRole('status')
      .filter({ hasText: /^\d+ results for “billing”$/ })
      .waitFor();
    assert.equal(await page.locator('[aria-live] li, [role="status"] li').count(), 0);
    await visit(page, `${site.url}/docs`);
    await page.evaluate(() => {
      const record: Announcements = { changes: [], sawStreaming: false };
      (window as unknown as { announcements: Announcements }).announcements = record;
      const last = new Map<Element, string>();
      new MutationObserver(() => {
        const dialog = document.querySelector('[role="dialog"]');
        if (!dialog) return;
        const streaming = Boolean(dialog.querySelector('[aria-busy="true"]'));
        record.sawStreaming ||= streaming;
        for (const region of dialog.querySelectorAll('[aria-live], [role="status"], [role="alert"]')) {
          const text = region.textContent?.trim() ?? '';
          if ((last.get(region) ?? '') !== text) record.changes.push({ text, streaming });
          last.set(region, text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const read = () =>
      page.evaluate(() => (window as unknown as { announcements: Announcements }).announcements);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('billing');
    await page.getByRole('option').first().waitFor();
    const status = page.getByRole('dialog').getByRole('status');
    await status.filter({ hasText: /^\d+ results? for “billing”$/ }).waitFor({ state: 'attached' });
    assert.equal(await status.count(), 1, 'one polite region in the results screen');

    await page.getByRole('button', { name: /^Ask AI/ }).click();
    await page.getByRole('region', { name: 'Related sources' }).waitFor();
    await status.filter({ hasText: /^Answer ready/ }).waitFor({ state: 'attached' });
    const { changes, sawStreaming } = await read();
    const asked = changes.slice(changes.findIndex((change) => change.text === 'Searching...'));
    assert.ok(sawStreaming, 'the answer streamed');
    assert.deepEqual(
      asked.filter((change) => change.streaming && change.text),
      [],
      'nothing is announced while the answer streams',
    );
    assert.deepEqual(
      asked.filter((change) => change.text).map((change) => change.text.replace(/\d+/, 'N')),
      ['Searching...', 'Thinking...', 'Answer ready, with N sources.'],
      'the status changes once when the answer is complete',
    );
    // Polite, not assertive: the regions are role=status without an assertive override.
    assert.deepEqual(
      await page.getByRole('dialog').locator('[aria-live="assertive"], [role="alert"]').count(),
      0,
    );
    assert.deepEqual(problems.errors, []);
  });
});
