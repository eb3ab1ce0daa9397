/**
 * `npm run bench`: build the site (unless --skip-build) and print what it costs, in headed sections:
 *
 * 1. Build and page weight: build wall time and peak memory, page count, and for a few representative
 *    pages the JavaScript a first visit loads (raw and gzip) and the HTML size.
 * 2. Lighthouse (mobile) per page: scores, LCP, TBT, CLS, transfer size and the failing audits
 *    (scripts/bench/lighthouse.ts), the median of --lighthouse-runs N runs a page (default 3) with the range
 *    of performance scores. Skip with --no-lighthouse.
 * 3. Against stock Docusaurus: builds a stock classic site from the same docs/ and api-docs/ in a
 *    temporary folder and compares the first-load JavaScript of the same doc pages, with the ratio the
 *    gate holds (e2e/budgets.test.ts). Skip with --no-stock; --save-stock stores the stock figures for the gate.
 * 4. Build cost at scale: cold production builds of a temporary copy of this site with the docs as they
 *    are (1×) and duplicated five times (5×): wall time, peak memory, time per page. Skip with --no-scale.
 *
 * 5. Ask AI: the evaluation's figures (facts stated, right page, labelled section, value first, and the
 *    counts that must stay zero) and the answers that missed (scripts/bench/ask.ts). Skip with --no-ask.
 *
 * The method and the figures of the run are written to PERFORMANCE.md (`--out FILE` to change, `--out -`
 * for none; scripts/bench/report.ts). The cheapest run, page weight of an existing build only:
 * `npm run bench -- --skip-build --no-lighthouse --no-stock --no-scale --no-ask`.
 *
 * `--build-dir <dir>` measures an existing build instead of building (implies --skip-build). Temporary
 * folders are removed afterwards, except after a failed build (its log is kept there). Figures vary with
 * the machine and with whatever else runs on it; compare runs on the same one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { startServer } from '../server';
import { CHROMIUM_ARGS, ensureBrowser } from '../browser';
import {
  calibratedSlowdown,
  checkBudget,
  LIGHTHOUSE_PAGES,
  medianRun,
  type LighthouseFigures,
  printLighthouse,
  runLighthouse,
} from './lighthouse';
import { serveBuild } from './serve';
import { firstLoad, STOCK_FILE, storedStockFigures } from './first-load';
import { evaluateAsk, reportAsk } from '../ask-eval';
import { kb as kbOf, renderReport, table, type ReportSection } from './report';
import { frontMatterBlock, parseTree, walk } from '../../plugins/content-model/parse';

const SITE_DIR = process.cwd();
export const SAMPLE_PAGES = {
  home: '/',
  'doc page': '/docs/concepts/introduction',
  'long doc page': '/docs/installation/prerequisites',
  'doc page without code': '/docs/services/microsoftonline/subscriptions',
  'API page': '/docs/developer/api/reference/list-customers',
};
/**
 * Pages compared with stock Docusaurus, which has all three: a doc page with a Mermaid diagram (so it
 * loads the diagram renderer), one with code blocks, and one with neither.
 */
const COMPARED_PAGES = [
  SAMPLE_PAGES['doc page'],
  SAMPLE_PAGES['long doc page'],
  SAMPLE_PAGES['doc page without code'],
];
/** How many times the docs are present in the larger scale build. */
const SCALE = 5;

const kb = kbOf;
/** What the run measured, for the page it writes. */
const sections: ReportSection[] = [];
const skipped: string[] = [];
const heading = (title: string) =>
  console.log(`\n=== ${title} ${'='.repeat(Math.max(3, 96 - title.length))}`);

function countPages(dir: string): number {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'))
    .length;
}

const countDocs = (docsDir: string) =>
  fs.readdirSync(docsDir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.mdx?$/.test(file))
    .length;

type Script = { name: string; raw: number; gzip: number };

async function measure(url: string) {
  const browser = await chromium.launch({ executablePath: ensureBrowser(), args: CHROMIUM_ARGS });
  try {
    const resources = await firstLoad(await browser.newPage(), url);
    const scripts: Script[] = resources
      .filter((resource) => resource.type === 'script')
      .map(({ url: address, raw, gzip: size }) => ({
        name: path.basename(new URL(address).pathname),
        raw,
        gzip: size,
      }));
    const html = resources.find((resource) => resource.type === 'document') ?? { raw: 0, gzip: 0 };
    return { scripts, html };
  } finally {
    await browser.close();
  }
}

const total = (scripts: Script[], key: 'raw' | 'gzip') =>
  scripts.reduce((sum, script) => sum + script[key], 0);

function printScripts(scripts: Script[]) {
  for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `    ${script.name.padEnd(28)} ${kb(script.raw).padStart(10)} ${kb(script.gzip).padStart(10)} gzip`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// Timed builds and temporary sites

type BuildCost = { seconds: number; peakBytes: number; memory: string };

/** Resident memory (KB) of a process and all its descendants, from one `ps` listing. */
function treeRssKb(rootPid: number): number {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const inTree = new Set([rootPid]);
  // Parents are listed before their children in practice; loop until the tree stops growing anyway.
  for (let size = 0; size !== inTree.size;) {
    size = inTree.size;
    for (const [pid, ppid] of rows) if (inTree.has(ppid)) inTree.add(pid);
  }
  return rows.filter(([pid]) => inTree.has(pid)).reduce((sum, [, , rss]) => sum + rss, 0);
}

/**
 * Runs a build command and measures it: wall time, and peak memory from GNU time (the largest single
 * process's maximum resident set; the build's work runs in one Node process plus threads) when
 * /usr/bin/time exists, else by sampling the whole process tree's resident memory with `ps`.
 */
async function timedBuild(cwd: string, command: string[], log: string): Promise<BuildCost> {
  const gnuTime = fs.existsSync('/usr/bin/time');
  const timeFile = `${log}.time`;
  const [file, ...args] = gnuTime ? ['/usr/bin/time', '-v', '-o', timeFile, ...command] : command;
  const output = fs.openSync(log, 'w');
  const started = performance.now();
  const child = spawn(file, args, { cwd, stdio: ['ignore', output, output] });
  let peakKb = 0;
  const sampler = gnuTime
    ? undefined
    : setInterval(() => (peakKb = Math.max(peakKb, treeRssKb(child.pid ?? 0))), 250);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  fs.closeSync(output);
  if (status !== 0) throw new Error(`"${command.join(' ')}" failed in ${cwd}; its output is in ${log}`);
  if (gnuTime) {
    const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(fs.readFileSync(timeFile, 'utf8'));
    peakKb = Number(match?.[1] ?? 0);
  }
  return {
    seconds,
    peakBytes: peakKb * 1024,
    memory: gnuTime ? 'max RSS of the largest process (GNU time)' : 'peak RSS of the process tree (ps)',
  };
}

const formatCost = (cost: BuildCost) =>
  `${cost.seconds.toFixed(1)} s, peak memory ${(cost.peakBytes / 1024 ** 3).toFixed(2)} GB`;

/**
 * Gives a temporary site this site's packages: one symlink per entry of node_modules rather than one for
 * the folder, so the temporary site has its own node_modules/.cache (Rspack's persistent cache) and its
 * builds start cold and never touch the main site's cache.
 */
function linkNodeModules(siteDir: string) {
  const source = path.join(SITE_DIR, 'node_modules');
  const target = path.join(siteDir, 'node_modules');
  fs.mkdirSync(target, { recursive: true });
  for (const entry of fs.readdirSync(source)) {
    if (entry === '.cache') continue;
    fs.symlinkSync(fs.realpathSync(path.join(source, entry)), path.join(target, entry));
  }
}

/** A temporary folder that is removed afterwards unless the work in it failed (to keep its logs). */
async function inTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const result = await work(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Section 2: Lighthouse

function printRanges(rows: { label: string; range: [number, number] }[]) {
  const ranges = rows.map(
    ({ label, range: [low, high] }) => `${label} ${low === high ? low : `${low}–${high}`}`,
  );
  console.log(`performance over the runs: ${ranges.join(', ')}`);
}

async function lighthouseSection(buildDir: string, runs: number) {
  heading(
    `Lighthouse (mobile, default config; median of ${runs} run${runs > 1 ? 's' : ''} a page; performance is printed, not enforced)`,
  );
  const server = await serveBuild(buildDir);
  const rows: { label: string; figures: LighthouseFigures; range: [number, number] }[] = [];
  const calibrated: typeof rows = [];
  const measure = async (route: string, slowdown?: number) => {
    const figures: LighthouseFigures[] = [];
    for (let run = 0; run < runs; run += 1)
      figures.push(await runLighthouse(`${server.url}${route}`, slowdown));
    const { median, range } = medianRun(figures);
    return { figures: median, range };
  };
  try {
    for (const [label, route] of Object.entries(LIGHTHOUSE_PAGES))
      rows.push({ label, ...(await measure(route)) });
    // Lighthouse's 4× CPU slowdown assumes a fast desktop host; on a slower one it emulates a phone far
    // below mid-tier. The same pages again with the slowdown its calibration table gives this machine.
    const slowdown = calibratedSlowdown(rows[0].figures.benchmarkIndex);
    if (slowdown !== 4) {
      for (const [label, route] of Object.entries(LIGHTHOUSE_PAGES))
        calibrated.push({ label, ...(await measure(route, slowdown)) });
      heading(`Lighthouse (mobile, CPU slowdown calibrated for this machine: ${slowdown}×)`);
      printLighthouse(calibrated);
      printRanges(calibrated);
      heading('Lighthouse (mobile, default 4× CPU slowdown)');
    }
  } finally {
    await server.close();
  }
  printLighthouse(rows);
  printRanges(rows);
  const lighthouseTable = (measured: typeof rows) =>
    table(
      [
        'Page',
        'Performance (range)',
        'Accessibility',
        'Best practices',
        'SEO',
        'LCP',
        'TBT',
        'CLS',
        'Transfer',
        'JS',
      ],
      measured.map(({ label, figures: f, range: [low, high] }) => [
        label,
        `${f.scores.performance} (${low}–${high})`,
        String(f.scores.accessibility),
        String(f.scores['best-practices']),
        String(f.scores.seo),
        `${Math.round(f.lcpMs)} ms`,
        `${Math.round(f.tbtMs)} ms`,
        f.cls.toFixed(3),
        kb(f.transferBytes),
        kb(f.scriptBytes),
      ]),
    );
  sections.push({
    title: `Lighthouse (mobile, median of ${runs} run${runs > 1 ? 's' : ''} a page)`,
    body:
      `Benchmark index of this machine: ${rows[0]?.figures.benchmarkIndex}. Default 4× CPU slowdown:\n\n${lighthouseTable(rows)}` +
      (calibrated.length
        ? `\n\nAt the slowdown Lighthouse's calibration table gives this machine:\n\n${lighthouseTable(calibrated)}`
        : ''),
  });
  const failures = rows.flatMap(({ figures }) => checkBudget(figures));
  console.log(
    failures.length
      ? `\nbudget (accessibility, best practices, SEO at 100; first-load JavaScript) not met:\n  ${failures.join('\n  ')}`
      : '\nbudget (accessibility, best practices, SEO at 100; first-load JavaScript) met',
  );
}

// ---------------------------------------------------------------------------------------------------
// Section 3: stock Docusaurus with the same docs

/** The classic template's configuration, plus what our docs need to compile (Mermaid, .md as CommonMark). */
const STOCK_CONFIG = `import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import { themes as prismThemes } from 'prism-react-renderer';

const config: Config = {
  title: 'Stock Docusaurus',
  tagline: 'The same docs on the classic preset',
  favicon: 'img/favicon.svg',
  url: 'http://localhost:3000',
  baseUrl: '/',
  // Our docs link to the API reference and custom pages, which this site does not have.
  onBrokenLinks: 'warn',
  future: { v4: true, faster: true },
  i18n: { defaultLocale: 'en', locales: ['en'] },
  markdown: { mermaid: true, format: 'detect' },
  themes: ['@docusaurus/theme-mermaid'],
  // The same second docs instance as ours (API guides, generated reference and cmdlet pages), so both
  // route tables hold the same pages.
  plugins: [
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'api',
        path: 'api-docs',
        routeBasePath: 'docs/developer/api',
        sidebarPath: './sidebars.ts',
        tags: '../docs/tags.yml',
        onInlineTags: 'warn',
      },
    ],
  ],
  presets: [
    [
      'classic',
      {
        docs: { sidebarPath: './sidebars.ts', onInlineTags: 'warn' },
        blog: false,
      } satisfies Preset.Options,
    ],
  ],
  themeConfig: {
    navbar: {
      title: 'Stock Docusaurus',
      items: [{ type: 'docSidebar', sidebarId: 'tutorialSidebar', position: 'left', label: 'Docs' }],
    },
    footer: { style: 'dark', copyright: 'Stock Docusaurus' },
    prism: { theme: prismThemes.github, darkTheme: prismThemes.dracula },
  } satisfies Preset.ThemeConfig,
};

export default config;
`;

const STOCK_SIDEBARS = `import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

const sidebars: SidebarsConfig = { tutorialSidebar: [{ type: 'autogenerated', dirName: '.' }] };

export default sidebars;
`;

/**
 * Writes a stock classic site with our docs/, api-docs/ (as generated by the last build) and static/,
 * and the few site components the docs import.
 */
function createStockSite(dir: string) {
  if (!fs.existsSync(path.join(SITE_DIR, 'api-docs/reference')))
    throw new Error('api-docs/reference is missing: run npm run gen:api (or npm run build) first.');
  for (const folder of ['docs', 'api-docs', 'static'])
    fs.cpSync(path.join(SITE_DIR, folder), path.join(dir, folder), { recursive: true });
  fs.writeFileSync(path.join(dir, 'docusaurus.config.ts'), STOCK_CONFIG);
  fs.writeFileSync(path.join(dir, 'sidebars.ts'), STOCK_SIDEBARS);
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "stock-docusaurus", "private": true }\n');
  // MDX pages import site components as '@site/src/...': copy each (a folder, or a file with an extension).
  const pages = ['docs', 'api-docs'].flatMap((folder) =>
    fs
      .readdirSync(path.join(dir, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => path.join(folder, file)),
  );
  for (const file of pages.filter((name) => name.endsWith('.mdx'))) {
    for (const specifier of siteImports(file, fs.readFileSync(path.join(dir, file), 'utf8'))) {
      const candidates = ['', '.tsx', '.ts', '.jsx', '.js'].map((ext) => `${specifier}${ext}`);
      const found = candidates.find((candidate) => fs.existsSync(path.join(SITE_DIR, candidate)));
      if (!found) throw new Error(`${file} imports @site/${specifier}, which does not exist`);
      fs.cpSync(path.join(SITE_DIR, found), path.join(dir, found), { recursive: true });
    }
  }
  linkNodeModules(dir);
}

/** The site modules (`src/…`) an MDX page imports as `@site/src/…`, read from the page's import statements. */
function siteImports(file: string, source: string): string[] {
  return [...walk(parseTree(file, source))].flatMap((node) =>
    node.type === 'mdxjsEsm'
      ? ((node.data?.estree as { body?: EsmStatement[] } | undefined)?.body ?? []).flatMap((statement) => {
          const specifier = statement.type === 'ImportDeclaration' ? statement.source?.value : undefined;
          return typeof specifier === 'string' && specifier.startsWith('@site/src/')
            ? [specifier.slice('@site/'.length)]
            : [];
        })
      : [],
  );
}

type EsmStatement = { type: string; source?: { value?: unknown } };

/** Compares one page's first-load JavaScript on the two sites, with both per-file breakdowns. */
async function compareWithStock(route: string, ourBuildDir: string, stockBuildDir: string) {
  const measured = [];
  for (const [label, root] of [
    ['ours', ourBuildDir],
    ['stock', stockBuildDir],
  ]) {
    const server = await startServer({ root });
    try {
      measured.push({ label, ...(await measure(`${server.url}${route}`)) });
    } finally {
      await server.close();
    }
  }
  console.log(`\n${route}`);
  console.log(
    `  ${'site'.padEnd(14)} ${'files'.padStart(5)} ${'JS raw'.padStart(10)} ${'JS gzip'.padStart(10)}`,
  );
  for (const { label, scripts } of measured) {
    const sizes = [kb(total(scripts, 'raw')), kb(total(scripts, 'gzip'))].map((size) => size.padStart(10));
    console.log(`  ${label.padEnd(14)} ${String(scripts.length).padStart(5)} ${sizes.join(' ')}`);
  }
  const [ours, stock] = measured;
  const diff = (key: 'raw' | 'gzip') => total(ours.scripts, key) - total(stock.scripts, key);
  const percent = (100 * diff('gzip')) / total(stock.scripts, 'gzip');
  const signed = (bytes: number) => `${bytes >= 0 ? '+' : '-'}${kb(Math.abs(bytes))}`;
  console.log(
    `  ${'ours − stock'.padEnd(20)} ${signed(diff('raw')).padStart(10)} ${signed(diff('gzip')).padStart(10)}` +
      ` (${percent >= 0 ? '+' : ''}${percent.toFixed(0)}% gzip)`,
  );
  const stored = storedStockFigures()[route];
  console.log(
    `  ours / stock: ${(total(ours.scripts, 'gzip') / total(stock.scripts, 'gzip')).toFixed(2)} ` +
      `(the gate's stored stock figure: ${stored ? kb(stored) : 'none'})`,
  );
  for (const { label, scripts, html } of measured) {
    console.log(`\n  ${label}: HTML ${kb(html.raw)} raw, ${kb(html.gzip)} gzip; scripts:`);
    printScripts(scripts);
  }
  return { ours: total(ours.scripts, 'gzip'), stock: total(stock.scripts, 'gzip') };
}

async function stockSection(ourBuildDir: string) {
  heading('Against stock Docusaurus (classic preset, same docs): first-load JavaScript of doc pages');
  await inTempDir('docs-bench-stock-', async (dir) => {
    createStockSite(dir);
    const cost = await timedBuild(dir, ['npx', 'docusaurus', 'build'], path.join(dir, 'build.log'));
    console.log(`stock site built: ${formatCost(cost)}, ${countPages(path.join(dir, 'build'))} pages`);
    const figures: Record<string, number> = {};
    const rows: string[][] = [];
    for (const route of COMPARED_PAGES) {
      const { ours, stock } = await compareWithStock(route, ourBuildDir, path.join(dir, 'build'));
      figures[route] = stock;
      rows.push([`\`${route}\``, kb(ours), kb(stock), (ours / stock).toFixed(2)]);
    }
    sections.push({
      title: 'First-load JavaScript against stock Docusaurus (gzip level 9)',
      body: table(['Doc page', 'Ours', 'Stock', 'Ours / stock'], rows),
    });
    if (process.argv.includes('--save-stock')) {
      const file = JSON.parse(fs.readFileSync(STOCK_FILE, 'utf8')) as { pages: Record<string, number> };
      const stored = { ...file, ourPages: countPages(ourBuildDir), pages: figures };
      fs.writeFileSync(STOCK_FILE, `${JSON.stringify(stored, null, 2)}\n`);
      console.log(`\nstock figures saved to ${path.relative(SITE_DIR, STOCK_FILE)} for the gate`);
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Section 4: build cost at 1× and 5× the docs

/** Copies this site without its packages, build output or generated files. */
function copySite(dir: string) {
  const skipped = new Set(
    ['node_modules', 'build', '.docusaurus', 'test-results', 'bundle'].map((name) =>
      path.join(SITE_DIR, name),
    ),
  );
  fs.cpSync(SITE_DIR, dir, {
    recursive: true,
    // A git lock file caught mid-operation would be copied as a stale lock.
    filter: (source) => !skipped.has(source) && !source.endsWith('.lock'),
  });
  linkNodeModules(dir);
}

/** Broken links and anchors warn instead of failing the build (copied pages link to the originals). */
function relaxLinkChecks(dir: string) {
  const file = path.join(dir, 'docusaurus.config.ts');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/(onBroken\w+): 'throw'/g, "$1: 'warn'"));
}

/**
 * Duplicates every section folder of docs/ as `<section>-copy2` … `<section>-copyN` and adds the copies
 * to the first sidebar. Doc ids are relative to their folder, so `id:` front matter cannot collide;
 * absolute `slug:`s and category links to a doc id would, so they are moved under the copy's folder.
 */
function multiplyDocs(dir: string, times: number) {
  const docsDir = path.join(dir, 'docs');
  const sections = fs
    .readdirSync(docsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const copies: string[] = [];
  for (let n = 2; n <= times; n++) {
    for (const section of sections) {
      const copy = `${section}-copy${n}`;
      copies.push(copy);
      fs.cpSync(path.join(docsDir, section), path.join(docsDir, copy), { recursive: true });
      for (const file of fs.readdirSync(path.join(docsDir, copy), { recursive: true, encoding: 'utf8' })) {
        const full = path.join(docsDir, copy, file);
        if (/\.mdx?$/.test(file)) {
          const text = fs.readFileSync(full, 'utf8');
          // Only inside the front matter block at the top of the file.
          const end = frontMatterBlock(text)?.end ?? 0;
          const fixed = text.slice(0, end).replace(/^slug: *\/(.*)$/m, `slug: /${copy}/$1`) + text.slice(end);
          if (fixed !== text) fs.writeFileSync(full, fixed);
        } else if (path.basename(file) === '_category_.json') {
          const category = JSON.parse(fs.readFileSync(full, 'utf8'));
          if (category.link?.id?.startsWith(`${section}/`))
            category.link.id = category.link.id.replace(section, copy);
          if (category.link?.slug?.startsWith('/')) category.link.slug = `/${copy}${category.link.slug}`;
          fs.writeFileSync(full, JSON.stringify(category, null, 2));
        }
      }
    }
  }
  const items = copies.map((copy) => ({
    type: 'category',
    label: copy,
    items: [{ type: 'autogenerated', dirName: copy }],
  }));
  fs.appendFileSync(
    path.join(dir, 'sidebars.ts'),
    `\n// Added by the scale benchmark.\n(Object.values(sidebars)[0] as unknown[]).push(...${JSON.stringify(items)});\n`,
  );
}

async function scaleSection() {
  heading(`Build cost at 1× and ${SCALE}× the docs (cold production builds of a temporary copy)`);
  await inTempDir('docs-bench-scale-', async (dir) => {
    copySite(dir);
    relaxLinkChecks(dir);
    const rows: { label: string; docs: number; pages: number; cost: BuildCost }[] = [];
    for (const times of [1, SCALE]) {
      if (times > 1) {
        for (const generated of ['build', '.docusaurus', 'node_modules/.cache'])
          fs.rmSync(path.join(dir, generated), { recursive: true, force: true });
        multiplyDocs(dir, times);
      }
      const log = path.join(dir, `build-${times}x.log`);
      const cost = await timedBuild(dir, ['npm', 'run', 'build'], log);
      const row = {
        label: `${times}×`,
        docs: countDocs(path.join(dir, 'docs')),
        pages: countPages(path.join(dir, 'build')),
        cost,
      };
      rows.push(row);
      console.log(`${row.label}: ${formatCost(cost)} (${row.docs} docs, ${row.pages} pages)`);
    }
    console.log(`\nmemory: ${rows[0].cost.memory}; the build is "npm run build" (API generation included)`);
    console.log(
      `${'size'.padEnd(5)} ${'docs'.padStart(5)} ${'pages'.padStart(6)} ${'wall'.padStart(8)} ${'per page'.padStart(9)} ${'peak mem'.padStart(9)}`,
    );
    sections.push({
      title: `Build cost at 1× and ${SCALE}× the docs (cold builds; memory: ${rows[0].cost.memory})`,
      body: table(
        ['Size', 'Docs', 'Pages', 'Wall time', 'Per page', 'Peak memory'],
        rows.map(({ label, docs, pages, cost }) => [
          label,
          String(docs),
          String(pages),
          `${cost.seconds.toFixed(1)} s`,
          `${((1000 * cost.seconds) / pages).toFixed(0)} ms`,
          `${(cost.peakBytes / 1024 ** 3).toFixed(2)} GB`,
        ]),
      ),
    });
    for (const { label, docs, pages, cost } of rows) {
      console.log(
        [
          label.padEnd(5),
          String(docs).padStart(5),
          String(pages).padStart(6),
          `${cost.seconds.toFixed(1)} s`.padStart(8),
          `${((1000 * cost.seconds) / pages).toFixed(0)} ms`.padStart(9),
          `${(cost.peakBytes / 1024 ** 3).toFixed(2)} GB`.padStart(9),
        ].join(' '),
      );
    }
  });
}

// ---------------------------------------------------------------------------------------------------

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main() {
  // The benchmarks build and serve locally: a production build needs its public origin (site.links.ts).
  process.env.DOCS_URL ||= 'http://localhost:3000';
  const buildDirArg = argValue('--build-dir');
  const buildDir = path.resolve(buildDirArg ?? 'build');
  const skipBuild = process.argv.includes('--skip-build') || buildDirArg !== undefined;

  const out = argValue('--out') ?? 'PERFORMANCE.md';
  heading('Build and page weight');
  let built = 'not timed (an existing build was measured)';
  if (!skipBuild) {
    const cost = await inTempDir('docs-bench-log-', (dir) =>
      timedBuild(SITE_DIR, ['npm', 'run', 'build'], path.join(dir, 'build.log')),
    );
    console.log(`build: ${formatCost(cost)} (${cost.memory})`);
    built = `${formatCost(cost)} (${cost.memory})`;
  }
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) throw new Error(`No build in ${buildDir}.`);
  console.log(`pages: ${countPages(buildDir)}`);
  const weights: string[][] = [];
  const server = await startServer({ root: buildDir });
  try {
    for (const [label, route] of Object.entries(SAMPLE_PAGES)) {
      const { scripts, html } = await measure(`${server.url}${route}`);
      weights.push([
        label,
        `\`${route}\``,
        kb(html.gzip),
        String(scripts.length),
        kb(total(scripts, 'raw')),
        kb(total(scripts, 'gzip')),
      ]);
      console.log(`\n${label} (${route})`);
      console.log(`  HTML: ${kb(html.raw)} raw, ${kb(html.gzip)} gzip`);
      console.log(
        `  first-load JavaScript: ${scripts.length} files, ${kb(total(scripts, 'raw'))} raw, ${kb(total(scripts, 'gzip'))} gzip`,
      );
      printScripts(scripts);
    }
  } finally {
    await server.close();
  }
  sections.push({
    title: 'Build and page weight (first visit, gzip level 9)',
    body:
      `Production build: ${built}; ${countPages(buildDir)} pages.\n\n` +
      table(['Page', 'Route', 'HTML', 'Scripts', 'JS raw', 'JS gzip'], weights),
  });

  const runs = Number(argValue('--lighthouse-runs') ?? 3);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error('--lighthouse-runs takes a whole number of 1 or more');
  const part = async (option: string, name: string, run: () => Promise<void>) => {
    if (process.argv.includes(option)) skipped.push(`${name} (\`${option}\`)`);
    else await run();
  };
  await part('--no-lighthouse', 'Lighthouse', () => lighthouseSection(buildDir, runs));
  await part('--no-stock', 'the comparison with stock Docusaurus', () => stockSection(buildDir));
  await part('--no-scale', 'build cost at scale', scaleSection);
  await part('--no-ask', 'the Ask AI evaluation', async () => {
    heading('Ask AI evaluation');
    const evaluation = await evaluateAsk(buildDir);
    console.log(reportAsk(evaluation));
    const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
    sections.push({
      title: 'Ask AI evaluation (offline engine)',
      body: [
        `${evaluation.results.length} questions: facts stated ${percent(evaluation.factsStated)}, right page cited ${percent(evaluation.pageCited)}, answer drawn from the labelled section ${percent(evaluation.fromSection)} (labelled section retrieved for ${percent(evaluation.retrieved)}; answered from it when retrieved ${percent(evaluation.fromRetrievedSection)}), value in the first sentence ${percent(evaluation.valueFirst)} of value questions.`,
        `Procedures or code not whole ${evaluation.brokenUnits}, flattened table rows ${evaluation.flattenedRows}, audience lines ${evaluation.audienceLines}, duplicate pages in sources ${evaluation.duplicatePages}, false abstentions ${evaluation.falseAbstentions}.`,
      ].join(' '),
    });
  });

  if (out !== '-') {
    const cpus = os.cpus();
    fs.writeFileSync(
      out,
      renderReport({
        date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        options: process.argv.slice(2),
        machine: `${cpus[0]?.model.trim() ?? 'unknown processor'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, Node.js ${process.version}`,
        sections,
        skipped,
      }),
    );
    console.log(`\nwrote ${out}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
