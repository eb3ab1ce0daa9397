/**
 * `npm run bench:main-thread -- [LABEL=]BUILD [LABEL=]BUILD … [--runs N] [--page PATH …]`: compares the
 * main-thread cost of a first view in several production builds, in headless Chromium at Lighthouse's
 * 4× CPU slowdown. Each run visits every build once, in an order that rotates from run to run, so the
 * machine's swings hit every build alike. Per page and build it prints the median and interquartile
 * range of:
 * - blocking time: the sum, over the long tasks that start after the first contentful paint, of their
 *   time over 50 ms (what Lighthouse's total blocking time adds up, measured here, not simulated);
 * - time to interactive: when the page has hydrated and its last long task has ended (the page is then
 *   quiet for QUIET_MS).
 * Then every build against the first: the change of each median, and which one is proven faster by the
 * README's rule (median at least 15 % better, interquartile ranges apart; see ./stats.ts).
 *
 * Build the variants with `npx docusaurus build --out-dir DIR` and compare them in one run, e.g.
 * `npm run bench:main-thread -- shipped=build without-x=/tmp/without-x`.
 */
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBrowser } from '../browser';
import { LIGHTHOUSE_PAGES } from './lighthouse';
import { serveBuild } from './serve';
import { compareArgs, describeSpread, runOrder, signed, verdict } from './compare';
import { medianChange, MIN_EFFECT, spread } from '@services-manager-docs/core/utils/stats';

const CPU_SLOWDOWN = 4;
const DEFAULT_RUNS = 12;
/** A page counts as settled once it has hydrated and run no long task for this long. */
const QUIET_MS = 2000;

/**
 * Records long tasks and the moment React marks the page hydrated, from the start of the page (the
 * document has no root element yet when this runs, so the whole document is observed).
 */
const RECORDER = `window.__bench = { tasks: [], hydrated: 0 };
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) { window.__bench.tasks.push([entry.startTime, entry.duration]); });
}).observe({ type: 'longtask', buffered: true });
new MutationObserver(function (changes, observer) {
  if (document.documentElement.getAttribute('data-has-hydrated') === 'true') {
    window.__bench.hydrated = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-has-hydrated'] });`;

export type Sample = { blockingMs: number; interactiveMs: number };

/** Lighthouse's blocking time over the given long tasks ([start, duration] in ms) after a paint. */
export function blockingTimeAfter(tasks: [number, number][], paintMs: number): number {
  return tasks.filter(([start]) => start >= paintMs).reduce((sum, [, ms]) => sum + Math.max(0, ms - 50), 0);
}

/** Hydrated, and every long task after the first paint has ended. */
export function interactiveAt(tasks: [number, number][], paintMs: number, hydratedMs: number): number {
  return Math.max(
    paintMs,
    hydratedMs,
    ...tasks.filter(([start]) => start >= paintMs).map(([start, ms]) => start + ms),
  );
}

async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript({ content: RECORDER });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      (quiet) => {
        const bench = (window as unknown as { __bench: { tasks: [number, number][]; hydrated: number } })
          .__bench;
        const lastEnd = Math.max(bench.hydrated, ...bench.tasks.map(([start, ms]) => start + ms));
        return bench.hydrated > 0 && performance.now() - lastEnd > quiet;
      },
      QUIET_MS,
      { timeout: 60_000, polling: 250 },
    );
    const { tasks, paint, hydrated } = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { tasks: [number, number][]; hydrated: number } })
        .__bench;
      return {
        tasks: bench.tasks,
        hydrated: bench.hydrated,
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      };
    });
    return {
      blockingMs: blockingTimeAfter(tasks, paint),
      interactiveMs: interactiveAt(tasks, paint, hydrated),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const { option, runs, builds } = compareArgs(process.argv.slice(2), DEFAULT_RUNS);
  const pages = option('--page').length
    ? option('--page')
    : [LIGHTHOUSE_PAGES['long concept page'], LIGHTHOUSE_PAGES['API page'], LIGHTHOUSE_PAGES.search];
  const servers = await Promise.all(builds.map(({ root }) => serveBuild(root)));
  const browser = await chromium.launch({ executablePath: ensureBrowser(), args: CHROMIUM_ARGS });
  try {
    console.log(
      `Main-thread work of a first view at ${CPU_SLOWDOWN}× CPU slowdown, median (interquartile range) of ` +
        `${runs} alternating runs per build`,
    );
    for (const route of pages) {
      const samples: Sample[][] = builds.map(() => []);
      for (let run = 0; run < runs; run += 1)
        for (const i of runOrder(run, builds.length))
          samples[i].push(await measure(browser, `${servers[i].url}${route}`));
      const blocking = samples.map((list) => spread(list.map((s) => s.blockingMs)));
      const interactive = samples.map((list) => spread(list.map((s) => s.interactiveMs)));
      console.log(`\n${route}`);
      console.log('| Build | Blocking time after first paint | Time to interactive |');
      console.log('| --- | --- | --- |');
      builds.forEach(({ label }, i) =>
        console.log(`| ${label} | ${describeSpread(blocking[i])} | ${describeSpread(interactive[i])} |`),
      );
      for (let i = 1; i < builds.length; i += 1) {
        const [a, b] = [builds[0].label, builds[i].label];
        console.log(
          `  ${b} against ${a}: blocking ${signed(medianChange(blocking[0], blocking[i]))} ` +
            `(${verdict(blocking[0], blocking[i], a, b)}), time to interactive ` +
            `${signed(medianChange(interactive[0], interactive[i]))} (${verdict(interactive[0], interactive[i], a, b)})`,
        );
      }
    }
    console.log(
      `\nProven faster: median at least ${MIN_EFFECT * 100} % lower, interquartile ranges not overlapping.`,
    );
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.close()));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
