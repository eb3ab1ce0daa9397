/**
 * Lighthouse figures for a production build: category scores, the load metrics behind the performance
 * score, page weight, and every failing audit in the categories held to 100 (with the elements it names).
 * Mobile profile: Lighthouse's default config (simulated slow 4G, 4× CPU slowdown, a phone viewport).
 *
 * `npm run bench:lighthouse -- [LABEL=]BUILD … [--runs N]` serves each build (default ./build) with the
 * compressing server, prints a table for LIGHTHOUSE_PAGES (the median of N runs a page, default 1) and the
 * failing audits, and exits non-zero if checkBudget finds a failure in the first build. Performance is
 * printed but not enforced: it is timing-based and this machine is noisy. With two or more builds the runs
 * alternate between them (see ./compare.ts) and each page's performance, LCP and TBT are compared, e.g.
 * `npm run bench:lighthouse -- shipped=build before=/tmp/before/build --runs 5`.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import { compareArgs, describeSpread, runOrder, signed, verdict, type Build } from './compare';
import { serveBuild } from './serve';
import { medianChange, spread } from '@services-manager-docs/core/utils/stats';
import { CHROMIUM_ARGS, ensureBrowser } from '../browser';

/** Pages measured: the home page, the longest concept page, a generated API page and a search. */
export const LIGHTHOUSE_PAGES: Record<string, string> = {
  home: '/',
  // The longest page under docs/concepts by word count (platformfeatures/billing/rules.md, ~830 words).
  'long concept page': '/docs/concepts/platformfeatures/billing/rules',
  'API page': '/docs/developer/api/reference/list-customers',
  search: '/search?q=billing',
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** Categories whose failing audits are listed (performance audits are opportunities, not failures). */
const LISTED: Category[] = ['accessibility', 'best-practices', 'seo'];

/** Minimum scores (0–100); performance is deliberately absent. */
export const BUDGET: Partial<Record<Category, number>> = {
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

export type FailedAudit = {
  category: Category;
  id: string;
  title: string;
  /** Zero when the audit is listed in the category but does not count towards its score. */
  weight: number;
  /** The elements (CSS selectors) or resources the audit names, as Lighthouse reports them. */
  where: string[];
};

export type LighthouseFigures = {
  url: string;
  /** 0–100 per category. */
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** All bytes transferred for the page (compressed where the server compressed). */
  transferBytes: number;
  /** The JavaScript part of it. */
  scriptBytes: number;
  /** Lighthouse's measure of this machine's speed (a mid-tier phone is about 1000). */
  benchmarkIndex: number;
  failedAudits: FailedAudit[];
};

/** Audits that never count as failures: nothing to check here, or a person has to check. */
const NOT_SCORED = new Set(['notApplicable', 'manual', 'informative']);

type Item = Record<string, unknown> & {
  node?: { selector?: string; nodeLabel?: string; explanation?: string };
  subItems?: { items?: Record<string, unknown>[] };
};

/** What one audit item names: the element's selector, else the resource, link or message. */
function itemTarget(item: Item): string {
  if (item.node?.selector) return item.node.selector;
  const source = item.source as { url?: string } | undefined;
  const errors = (item.subItems?.items ?? []).map((sub) => sub.error).filter(Boolean);
  const parts = [item.url, item.scriptUrl, source?.url, item.href, item.text, item.description, ...errors];
  const named = parts.filter((part): part is string => typeof part === 'string' && part.length > 0);
  return named.join(' — ') || JSON.stringify(item).slice(0, 200);
}

/**
 * One line per distinct element or resource an audit names, with how often it occurs, a few of the
 * elements' texts and Lighthouse's explanation (for contrast audits: the ratio and the two colours).
 */
function describeItems(details: unknown): string[] {
  const items = (details as { items?: Item[] } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  // Explanations start with "Fix any of the following:" and may run over several lines; keep the first.
  const why = (item: Item) =>
    item.node?.explanation
      ?.replace(/^Fix (any|all) of the following:\s*/, '')
      .split('\n')[0]
      .trim() ?? '';
  // One group per element selector and explanation (a contrast failure per pair of colours).
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = `${itemTarget(item)}\n${why(item)}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups].map(([key, group]) => {
    const [target, explanation] = key.split('\n');
    const labels = [...new Set(group.map((item) => item.node?.nodeLabel).filter(Boolean))];
    const count = group.length > 1 ? ` ×${group.length}` : '';
    const examples = labels.slice(0, 3).map((label) => `"${label}"`);
    return [
      `${target}${count}${examples.length ? `  e.g. ${examples.join(', ')}` : ''}`,
      ...(explanation ? [`  ${explanation}`] : []),
    ].join('\n      ');
  });
}

function failedAudits(lhr: Result): FailedAudit[] {
  const failed: FailedAudit[] = [];
  for (const category of LISTED) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || NOT_SCORED.has(audit.scoreDisplayMode)) continue;
      // An audit that errored has no score; list it too, since it hides a result.
      if (audit.scoreDisplayMode !== 'error' && (audit.score === null || audit.score >= 1)) continue;
      const where = describeItems(audit.details);
      if (audit.scoreDisplayMode === 'error') where.unshift(`audit error: ${audit.errorMessage ?? '?'}`);
      failed.push({ category, id: audit.id, title: audit.title, weight: ref.weight, where });
    }
  }
  return failed;
}

/**
 * The CPU slowdown that makes this machine emulate a mid-tier phone, from Lighthouse's calibration
 * table (docs/throttling.md in Lighthouse): its default 4× assumes a high-end desktop (benchmark index
 * 1500 or more); low-end desktops and high-end phones (about 800–1500) take 2×; slower hosts 1×.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1500) return 4;
  if (benchmarkIndex >= 800) return 2;
  return 1;
}

/** A run Lighthouse itself reports as failed for a passing reason (its message asks to run it again). */
class TransientLighthouseError extends Error {}

/** How many times one page is measured before a transient Lighthouse failure counts. */
const ATTEMPTS = 3;

/**
 * Runs Lighthouse's default (mobile) config against one URL in a fresh headless Chromium; a CPU
 * slowdown other than the default 4× may be given (see calibratedSlowdown). A run whose trace
 * Lighthouse could not record (it says "Please run Lighthouse again", e.g. NO_NAVSTART on a busy
 * machine) is repeated, up to ATTEMPTS runs.
 */
export async function runLighthouse(url: string, cpuSlowdownMultiplier?: number): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouseOnce(url, cpuSlowdownMultiplier);
    } catch (error) {
      if (!(error instanceof TransientLighthouseError) || attempt >= ATTEMPTS) throw error;
      console.warn(`${error.message}; measuring again (run ${attempt + 1} of ${ATTEMPTS})`);
    }
  }
}

async function runLighthouseOnce(url: string, cpuSlowdownMultiplier?: number): Promise<LighthouseFigures> {
  // Lighthouse is an ES module; a dynamic import loads it from this CommonJS-compiled script.
  const { default: lighthouse } = await import('lighthouse');
  // Lighthouse's own mobile preset (slow 4G), when only its CPU slowdown changes.
  const { throttling } = await import('lighthouse/core/config/constants.js');
  const chrome = await chromeLauncher.launch({
    chromePath: ensureBrowser(),
    chromeFlags: [...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'), '--headless=new'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cpuSlowdownMultiplier ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      const message = `Lighthouse failed on ${url}: ${lhr.runtimeError.message}`;
      throw /run Lighthouse again/i.test(lhr.runtimeError.message)
        ? new TransientLighthouseError(message)
        : new Error(message);
    }
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    return {
      url,
      scores,
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      transferBytes: metric('total-byte-weight'),
      scriptBytes:
        (
          lhr.audits['resource-summary']?.details as {
            items?: { resourceType: string; transferSize: number }[];
          }
        )?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failedAudits: failedAudits(lhr),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * The run with the median performance score, the way Lighthouse's documentation advises reading a
 * timing-based score (one run swings with whatever else the machine does), and the range of scores.
 */
export function medianRun(runs: LighthouseFigures[]): { median: LighthouseFigures; range: [number, number] } {
  if (runs.length === 0) throw new Error('medianRun needs at least one Lighthouse run');
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return {
    median: sorted[Math.floor((sorted.length - 1) / 2)],
    range: [sorted[0].scores.performance, sorted[sorted.length - 1].scores.performance],
  };
}

/**
 * JavaScript a first view of any measured page may transfer, in KB: below what a stock Docusaurus
 * classic site of the same content loads for a doc page (206.9 KB gzip, measured by `npm run bench`).
 */
export const SCRIPT_BUDGET_KB = 200;

/** Human-readable budget failures for one page (empty when it meets the budget). */
export function checkBudget(figures: LighthouseFigures): string[] {
  const { pathname, search } = new URL(figures.url);
  const failures = Object.entries(BUDGET).flatMap(([category, minimum]) => {
    const score = figures.scores[category as Category];
    return score < (minimum ?? 0) ? [`${pathname}${search}: ${category} ${score} < ${minimum}`] : [];
  });
  const scriptKb = figures.scriptBytes / 1024;
  if (!(scriptKb <= SCRIPT_BUDGET_KB))
    failures.push(
      `${pathname}${search}: first-load JavaScript ${scriptKb.toFixed(1)} KB > ${SCRIPT_BUDGET_KB} KB`,
    );
  return failures;
}

/** Prints a table of the figures and, below it, every failing audit with the elements it names. */
export function printLighthouse(rows: { label: string; figures: LighthouseFigures }[]) {
  const header = ['page', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS', 'transfer', 'JS'];
  const widths = [20, 5, 5, 5, 5, 9, 9, 6, 10, 9];
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' ');
  console.log(line(header));
  for (const { label, figures: f } of rows) {
    console.log(
      line([
        label,
        ...CATEGORIES.map((category) => String(f.scores[category])),
        `${Math.round(f.lcpMs)} ms`,
        `${Math.round(f.tbtMs)} ms`,
        f.cls.toFixed(3),
        `${(f.transferBytes / 1024).toFixed(0)} KB`,
        `${(f.scriptBytes / 1024).toFixed(0)} KB`,
      ]),
    );
  }
  if (rows.length)
    console.log(`(this machine's Lighthouse benchmark index: ${rows[0].figures.benchmarkIndex})`);
  for (const { label, figures } of rows) {
    if (figures.failedAudits.length === 0) continue;
    console.log(
      `\nfailing audits on ${label} (${new URL(figures.url).pathname}${new URL(figures.url).search}):`,
    );
    for (const audit of figures.failedAudits) {
      const unweighted = audit.weight === 0 ? ' (weight 0: does not lower the score)' : '';
      console.log(`  [${audit.category}] ${audit.id}: ${audit.title}${unweighted}`);
      for (const where of audit.where) console.log(`      ${where}`);
    }
  }
}

/**
 * With two or more builds, each page's runs of every build side by side: the median performance score
 * with its range, and the median and interquartile range of LCP and TBT; then every build against the
 * first, by the README's rule.
 */
function printComparison(builds: Build[], route: string, runs: LighthouseFigures[][]) {
  console.log(`\n${route}`);
  console.log('| Build | Performance, median (range) | LCP, median (IQR) | TBT, median (IQR) |');
  console.log('| --- | --- | --- | --- |');
  const lcp = runs.map((list) => spread(list.map((f) => f.lcpMs)));
  const tbt = runs.map((list) => spread(list.map((f) => f.tbtMs)));
  builds.forEach(({ label }, i) => {
    const { median, range } = medianRun(runs[i]);
    const perf = `${median.scores.performance} (${range[0]}–${range[1]})`;
    console.log(`| ${label} | ${perf} | ${describeSpread(lcp[i])} | ${describeSpread(tbt[i])} |`);
  });
  for (let i = 1; i < builds.length; i += 1) {
    const [a, b] = [builds[0].label, builds[i].label];
    const perf = medianRun(runs[i]).median.scores.performance - medianRun(runs[0]).median.scores.performance;
    console.log(
      `  ${b} against ${a}: performance ${perf >= 0 ? '+' : ''}${perf}, ` +
        `LCP ${signed(medianChange(lcp[0], lcp[i]))} (${verdict(lcp[0], lcp[i], a, b)}), ` +
        `TBT ${signed(medianChange(tbt[0], tbt[i]))} (${verdict(tbt[0], tbt[i], a, b)})`,
    );
  }
}

async function main() {
  const { runs, builds } = compareArgs(process.argv.slice(2), 1);
  for (const { root } of builds)
    if (!fs.existsSync(path.join(root, 'index.html'))) throw new Error(`No build in ${root}: build first.`);
  const servers = await Promise.all(builds.map(({ root }) => serveBuild(root)));
  // Per build, per page: the median run, the one the table and the budget read.
  const medians: { label: string; figures: LighthouseFigures }[][] = builds.map(() => []);
  try {
    for (const [label, route] of Object.entries(LIGHTHOUSE_PAGES)) {
      const figures: LighthouseFigures[][] = builds.map(() => []);
      for (let run = 0; run < runs; run += 1)
        for (const i of runOrder(run, builds.length))
          figures[i].push(await runLighthouse(`${servers[i].url}${route}`));
      figures.forEach((list, i) => medians[i].push({ label, figures: medianRun(list).median }));
      if (builds.length > 1) printComparison(builds, route, figures);
    }
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
  builds.forEach(({ label }, i) => {
    if (builds.length > 1) console.log(`\n${label}${runs > 1 ? `, the median of ${runs} runs a page` : ''}:`);
    printLighthouse(medians[i]);
  });
  // The budget applies to the first build: the one being released or compared against the others.
  const failures = medians[0].flatMap(({ figures }) => checkBudget(figures));
  if (failures.length > 0) {
    console.error(`\nLighthouse budget failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    '\nLighthouse budget met (accessibility, best practices and SEO at 100; first-load JavaScript).',
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
