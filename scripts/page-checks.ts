/**
 * Looking at a page of the built site in a browser: hydration, and axe's accessibility checks. The
 * end-to-end tests and the release checks (scripts/bench/axe-all.ts) share them.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 390, height: 844 };

/**
 * How the accessibility checks look at a page: every rule in light mode at desktop width; in dark mode
 * only the rules a colour theme can change (the markup is the same in both); at phone width every rule
 * again, because the navbar, sidebar and dialogs render other controls there.
 */
export const AXE_VARIANTS = [
  { name: 'light', theme: 'light', viewport: DESKTOP, rules: 'all' },
  { name: 'dark', theme: 'dark', viewport: DESKTOP, rules: 'colour' },
  { name: 'mobile', theme: 'light', viewport: MOBILE, rules: 'all' },
] as const;
export type AxeVariant = (typeof AXE_VARIANTS)[number];

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** axe's rules whose outcome depends on colours rather than on markup. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe's violations of WCAG 2.2 A and AA and its best practices on the page as it is now, or only inside
 * the elements `include` selects.
 */
export async function axeResults(
  page: Page,
  rules: AxeVariant['rules'] = 'all',
  include?: string,
): Promise<AxeViolation[]> {
  // A colour read mid-transition (the theme toggle fades link colours) belongs to neither theme.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  if (rules === 'colour') builder.withRules(COLOUR_RULES);
  else builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  return (await builder.analyze()).violations;
}

/** axeResults as one line per violation, with the first five elements it names. */
export async function axeViolations(
  page: Page,
  rules: AxeVariant['rules'] = 'all',
  include?: string,
): Promise<string[]> {
  return (await axeResults(page, rules, include)).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')} ${node.failureSummary?.split('\n')[1] ?? ''}`)
        .join('\n'),
  );
}

/** Navigates and waits until React has hydrated the page, so interactions hit live handlers. */
export async function visit(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
  return response;
}
