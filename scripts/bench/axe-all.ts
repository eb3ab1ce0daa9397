/**
 * axe on every page of a production build (default ./build), in light mode with every WCAG 2.2 A/AA and
 * best-practice rule and in dark mode with the colour rules (the markup is the same in both), at desktop
 * width: the gate (`npm test`) checks one page of each kind, this checks them all before a release.
 * Prints the violations by rule, then page, and exits non-zero if there is any.
 *
 * `npx tsx scripts/bench/axe-all.ts [BUILD]`; AXE_CONCURRENCY pages at a time (default 2), AXE_EVERY=n
 * to check only every n-th page (a quicker look, not a release check).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { serveBuild } from './serve';
import { CHROMIUM_ARGS, ensureBrowser } from '../browser';
import { AXE_VARIANTS, axeResults, visit, type AxeVariant } from '../page-checks';
import { darkCodeTheme, lightCodeTheme } from '../../src/prismTheme';

/** The route of every page in the build, except the redirect pages of plugin-client-redirects. */
export function builtRoutes(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .filter((file) => !/<meta http-equiv="?refresh/i.test(fs.readFileSync(path.join(root, file), 'utf8')))
    .map((file) =>
      `/${file.split(path.sep).join('/')}`.replace(/(^|\/)index\.html$/, '$1').replace(/(.)\/$/, '$1'),
    )
    .sort();
}

type Finding = { rule: string; impact: string; help: string; route: string; mode: string; targets: string[] };

const [LIGHT, DARK] = AXE_VARIANTS;
const CODE_BACKGROUND: Record<string, string> = {
  light: lightCodeTheme.plain.backgroundColor!,
  dark: darkCodeTheme.plain.backgroundColor!,
};

/** One page in one mode: loaded with the mode chosen, hydrated, its code blocks in the mode's colours. */
async function check(page: Page, url: string, route: string, variant: AxeVariant): Promise<Finding[]> {
  const separator = route.includes('?') ? '&' : '?';
  await visit(page, `${url}${route}${separator}docusaurus-theme=${variant.theme}`);
  await page.waitForFunction(
    ([theme, background]) => {
      const probe = document.createElement('div');
      probe.style.backgroundColor = background;
      return (
        document.documentElement.dataset.theme === theme &&
        [...document.querySelectorAll<HTMLElement>('pre.prism-code')].every(
          (pre) => pre.style.backgroundColor === probe.style.backgroundColor,
        )
      );
    },
    [variant.theme, CODE_BACKGROUND[variant.theme]],
  );
  return (await axeResults(page, variant.rules)).map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? '',
    help: violation.help,
    route,
    mode: variant.name,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** The findings by rule, then page: what a reader of the release check needs to fix. */
export function report(findings: Finding[]): string {
  const byRule = new Map<string, Finding[]>();
  for (const finding of findings) byRule.set(finding.rule, [...(byRule.get(finding.rule) ?? []), finding]);
  const lines: string[] = [];
  for (const [rule, list] of [...byRule].sort(([a], [b]) => a.localeCompare(b))) {
    const nodes = list.reduce((sum, finding) => sum + finding.targets.length, 0);
    lines.push(
      `${rule} (${list[0].impact}): ${list[0].help} — ${nodes} elements on ${list.length} page views`,
    );
    for (const finding of list)
      lines.push(`  ${finding.route} (${finding.mode}): ${finding.targets.slice(0, 3).join(', ')}`);
  }
  return lines.join('\n');
}

async function main() {
  const root = path.resolve(process.argv[2] ?? 'build');
  if (!fs.existsSync(path.join(root, 'index.html')))
    throw new Error(`No build in ${root}: run "npm run build".`);
  const every = Math.max(1, Number(process.env.AXE_EVERY ?? 1));
  const routes = builtRoutes(root).filter((_, i) => i % every === 0);
  const jobs = routes.flatMap((route) => [LIGHT, DARK].map((variant) => ({ route, variant })));
  const concurrency = Math.max(1, Number(process.env.AXE_CONCURRENCY ?? 2));
  const site = await serveBuild(root);
  const browser = await chromium.launch({ executablePath: ensureBrowser(), args: CHROMIUM_ARGS });
  const findings: Finding[] = [];
  const failures: string[] = [];
  let next = 0;
  let done = 0;
  const started = Date.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const context = await browser.newContext({ viewport: LIGHT.viewport });
        const page = await context.newPage();
        while (next < jobs.length) {
          const { route, variant } = jobs[next++];
          try {
            findings.push(...(await check(page, site.url, route, variant)));
          } catch (error) {
            failures.push(`${route} (${variant.name}): ${error instanceof Error ? error.message : error}`);
          }
          if (++done % 50 === 0)
            console.log(
              `  ${done}/${jobs.length} page views (${Math.round((Date.now() - started) / 1000)} s)`,
            );
        }
        await context.close();
      }),
    );
  } finally {
    await browser.close();
    await site.close();
  }
  console.log(
    `axe: ${routes.length} pages in light (every rule) and dark (colour rules), ${findings.length} violations, ` +
      `${failures.length} pages not checked, ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (findings.length) console.log(report(findings));
  if (failures.length) console.log(`Not checked:\n  ${failures.join('\n  ')}`);
  if (findings.length || failures.length) process.exit(1);
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
