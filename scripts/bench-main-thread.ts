/**
 * `npm run bench:main-thread -- [BUILD …] [--runs N] [--page PATH …]`: the main-thread work of a
 * first view in headless Chromium at Lighthouse's 4× CPU slowdown, for one or more production builds
 * (default ./build), measured in alternating runs so that the machine's swings hit every build alike.
 * Per page and build it prints the median and range of:
 * - blocking time: the sum, over the long tasks that start after the first contentful paint, of
 *   their time over 50 ms (what Lighthouse's total blocking time adds up, measured here, not simulated);
 * - main bundle start-up: the profiler's time inside the main bundle's top-level evaluation (module
 *   evaluation, the route table, the first preload), the largest single task of a page.
 * Use it to compare a change with the build before it: `npm run bench:main-thread -- build-before build`.
 */
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ensureBrowser } from './browser';
import { serveBuild, LIGHTHOUSE_PAGES } from './lighthouse';
import { CHROMIUM_ARGS } from '../e2e/harness';

const CPU_SLOWDOWN = 4;
const SETTLE_MS = 3000;

/** Collects long tasks from the start of the page (an init script, so none is missed). */
const LONG_TASK_RECORDER = `window.__longTasks = [];
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) { window.__longTasks.push([entry.startTime, entry.duration]); });
}).observe({ type: 'longtask', buffered: true });`;

type Sample = { blockingMs: number; mainStartupMs: number };

/** The parts of a DevTools CPU profile (`Profiler.stop`) read here. */
export type CpuProfile = {
  nodes: {
    id: number;
    callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** Time the profile spent inside the main bundle's top-level script (its `main.<hash>.js:0:0` frame). */
export function mainStartupMs(profile: CpuProfile): number {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const inside = new Map<number, boolean>();
  const isInside = (id: number): boolean => {
    if (!inside.has(id)) {
      const { url, lineNumber, columnNumber, functionName } = nodes.get(id)!.callFrame;
      const top = /\/main\.[^/]+\.js$/.test(url) && !lineNumber && !columnNumber && !functionName;
      const up = parent.get(id);
      inside.set(id, top || (up !== undefined && isInside(up)));
    }
    return inside.get(id)!;
  };
  let micros = 0;
  (profile.samples ?? []).forEach((id, i) => {
    if (isInside(id)) micros += profile.timeDeltas?.[i] ?? 0;
  });
  return micros / 1000;
}

/** Lighthouse's blocking time over the given long tasks ([start, duration] in ms) after a paint. */
export function blockingTimeAfter(tasks: [number, number][], paintMs: number): number {
  return tasks.filter(([start]) => start >= paintMs).reduce((sum, [, ms]) => sum + Math.max(0, ms - 50), 0);
}

async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
    await page.addInitScript({ content: LONG_TASK_RECORDER });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => 'docusaurusRoot' in window, undefined, { timeout: 30_000 });
    const { profile } = await cdp.send('Profiler.stop');
    // Long tasks after hydration (effects, idle work) count too; a quiet page has none to wait for.
    await page.waitForTimeout(SETTLE_MS);
    const { tasks, paint } = await page.evaluate(() => ({
      tasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    return { blockingMs: blockingTimeAfter(tasks, paint), mainStartupMs: mainStartupMs(profile) };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const summary = (values: number[]) =>
  `${Math.round(median(values))} ms (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => args.flatMap((arg, i) => (arg === name ? [args[i + 1]] : []));
  const runs = Number(option('--runs')[0] ?? 7);
  const pages = option('--page').length
    ? option('--page')
    : [LIGHTHOUSE_PAGES['long concept page'], LIGHTHOUSE_PAGES['API page']];
  const builds = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const roots = (builds.length ? builds : ['build']).map((dir) => path.resolve(dir));
  const servers = await Promise.all(roots.map((root) => serveBuild(root)));
  const browser = await chromium.launch({ executablePath: ensureBrowser(), args: CHROMIUM_ARGS });
  try {
    console.log(
      `main-thread work of a first view at ${CPU_SLOWDOWN}× CPU slowdown, median (range) of ${runs} runs`,
    );
    for (const route of pages) {
      const samples: Sample[][] = roots.map(() => []);
      for (let run = 0; run < runs; run += 1)
        for (const [i, server] of servers.entries())
          samples[i].push(await measure(browser, `${server.url}${route}`));
      console.log(`\n${route}`);
      for (const [i, root] of roots.entries()) {
        console.log(
          `  ${path.relative(process.cwd(), root) || '.'}: blocking time ${summary(samples[i].map((s) => s.blockingMs))}, ` +
            `main bundle start-up ${summary(samples[i].map((s) => s.mainStartupMs))}`,
        );
      }
    }
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
