/**
 * Byte and request budgets of a first visit, per kind of page: deterministic for a given build (sizes
 * are gzip level 9 of the bytes the browser received, so the server's compression does not matter).
 * A change that makes a page heavier fails here; raise a budget only with the reason in the commit.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { BUILD_DIR, openPage, setupSite } from './harness';
import {
  bytesOf,
  firstLoad,
  gzipSize,
  storedStockFigures,
  storedStockPages,
} from '../scripts/bench/first-load';
import { INDEX_BASE_FILES } from '@services-manager-docs/core/search/local';
import { findIndexDir } from '@services-manager-docs/core/search/fromBuild';

const site = setupSite();

const KB = 1024;

/** The build's pages (HTML files): every route adds its entry to the route table each page loads. */
const PAGES = fs
  .readdirSync(BUILD_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html')).length;
/**
 * KB gzip every page's main bundle and runtime grow by with each route (its route-table entry and chunk
 * map): measured 61 pages (54 Cortex cmdlets, 7 user operations) adding 5 KB, about 0.08 KB a page.
 */
const PER_PAGE_KB = 0.1;
/** The pages the budgets below were measured with. */
const MEASURED_PAGES = 437;
/** A byte budget measured at MEASURED_PAGES, raised with each page added since. */
const scaled = (kb: number) => kb + PER_PAGE_KB * Math.max(0, PAGES - MEASURED_PAGES);

/**
 * Per page: JavaScript and CSS (KB gzip) and the number of requests of a first visit, each the measured
 * figure (at 437 pages, in the comment) plus about 5% headroom (one request) for ordinary changes; the
 * JavaScript budgets also grow with the number of pages (PER_PAGE_KB), so a new page never fails them.
 */
const BUDGETS: Record<string, { js: number; css: number; requests: number }> = {
  // measured: JS 129.8 KB, CSS 17.0 KB, 8 requests
  '/': { js: 136, css: 18, requests: 9 },
  // measured: JS 151.8 KB, CSS 17.0 KB, 16 requests
  '/docs/concepts/introduction': { js: 159, css: 18, requests: 17 },
  // measured: JS 158.7 KB, CSS 17.0 KB, 16 requests
  '/docs/installation/prerequisites': { js: 167, css: 18, requests: 17 },
  // measured: JS 164.8 KB, CSS 17.0 KB, 16 requests
  '/docs/developer/api/reference/list-customers': { js: 173, css: 18, requests: 17 },
  // Counts the query's index files too: the base files, the term shards its words need and the text
  // chunks (16 sections each) its first results are in.
  // measured: JS 139.8 KB, CSS 17.0 KB, 15 requests; 17–18 once sections were ranked by the queries
  // readers type for them, whose first results for "billing" come from eight text chunks instead of six
  '/search?q=billing': { js: 147, css: 18, requests: 19 },
};

/**
 * KB gzip of the search index files every first query waits for, whatever its words (the base, the shard
 * list and the section list; see core/search/engine.ts). Measured 26.3 KB for 2,324 sections (MiniSearch’s
 * own serialization of the same index and a list of section objects were 54 KB), then 29.0 KB for 2,260
 * sections once each section had a fifth field (the queries readers type for it) whose length base.json
 * holds; the budget is that plus 10% and 0.015 KB for each section added since (13.1 bytes a section on
 * average).
 */
const SEARCH_BASE = { kb: 32, sections: 2260, perSectionKb: 0.015 };

/**
 * First-load JavaScript against stock Docusaurus built from the same docs and API pages (the same route
 * table): below this share of stock's bytes. Every doc page stays under 0.8×; the page with code is
 * closest to it (0.796: its code block's component, and its tokens made at build time, where stock
 * loads Prism with every page), the page without code is at 0.765, and the diagram page far below
 * (0.39: pre-rendered diagrams instead of a renderer). Stock's figures were stored with a smaller route
 * table than this build's, so ours is compared without what the pages added since cost (PER_PAGE_KB).
 */
const STOCK_RATIO: Record<string, number> = {
  '/docs/concepts/introduction': 0.4,
  '/docs/installation/prerequisites': 0.8,
  '/docs/services/microsoftonline/subscriptions': 0.77,
};

/** Each route is loaded once; its byte budget and its stock ratio are both checked on that load. */
const loads = new Map<string, ReturnType<typeof load>>();
async function load(route: string) {
  const { page, problems } = await openPage(site);
  return { resources: await firstLoad(page, `${site.url}${route}`), errors: problems.errors };
}
const firstVisit = (route: string) => {
  if (!loads.has(route)) loads.set(route, load(route));
  return loads.get(route)!;
};

describe('first-load budgets', () => {
  for (const [route, budget] of Object.entries(BUDGETS)) {
    const js = scaled(budget.js);
    it(`${route}: at most ${js.toFixed(1)} KB of JavaScript, ${budget.css} KB of CSS, ${budget.requests} requests`, async () => {
      const { resources, errors } = await firstVisit(route);
      const measured = {
        js: bytesOf(resources, 'script') / KB,
        css: bytesOf(resources, 'stylesheet') / KB,
        requests: resources.length,
      };
      console.log(
        `${route}: JS ${measured.js.toFixed(1)} KB, CSS ${measured.css.toFixed(1)} KB, ${measured.requests} requests (${PAGES} pages)`,
      );
      assert.ok(
        measured.js <= js && measured.css <= budget.css && measured.requests <= budget.requests,
        `${route}: ${JSON.stringify(measured)} over ${JSON.stringify({ ...budget, js })}`,
      );
      assert.deepEqual(errors, []);
    });
  }

  for (const route of Object.keys(BUDGETS)) {
    it(`${route}: its HTML names every script of the first visit, so none waits for another to run`, async () => {
      const html = await (await fetch(`${site.url}${route}`)).text();
      const listed = new Set(
        // A script element, or a script preload the page adds as a script once it has painted.
        [...html.matchAll(/<(?:script|link[^>]*\sas=["']?script)[^>]*\s(?:src|href)=["']?([^"'\s>]+)/g)].map(
          ([, src]) => new URL(src, site.url).pathname,
        ),
      );
      // The site's bundles; the analytics script is loaded on purpose once the page has loaded.
      const bundles = (await firstVisit(route)).resources
        .filter((resource) => resource.type === 'script')
        .map((script) => new URL(script.url).pathname)
        .filter((file) => file.startsWith('/assets/js/'));
      assert.ok(bundles.length > 2, `${route}: ${bundles.length} scripts`);
      const unlisted = bundles.filter((file) => !listed.has(file));
      assert.deepEqual(unlisted, [], `${route}: scripts found only once others had run`);
    });
  }

  for (const [route, ratio] of Object.entries(STOCK_RATIO)) {
    const stockBytes = storedStockFigures()[route] ?? 0;
    it(`${route}: first-load JavaScript below ${ratio}× stock Docusaurus (${Math.round(stockBytes / KB)} KB)`, async () => {
      assert.ok(stockBytes > 0, 'no stock figure stored: run npm run bench');
      // What the pages added since stock was measured cost every page (their route-table entries).
      const added = PER_PAGE_KB * KB * Math.max(0, PAGES - storedStockPages());
      const ours = bytesOf((await firstVisit(route)).resources, 'script') - added;
      assert.ok(
        ours < stockBytes * ratio,
        `${route}: ${Math.round(ours / KB)} KB is ${(ours / stockBytes).toFixed(2)}× stock`,
      );
    });
  }

  it(`search: the index files every first query needs stay within ${SEARCH_BASE.kb} KB and the sections' share`, () => {
    const dir = findIndexDir(BUILD_DIR);
    const sizes = INDEX_BASE_FILES.map((file) => gzipSize(fs.readFileSync(path.join(dir, file))));
    const total = sizes.reduce((sum, size) => sum + size, 0) / KB;
    const { sections } = JSON.parse(fs.readFileSync(path.join(dir, 'sections.json'), 'utf8')) as {
      sections: unknown[];
    };
    const budget =
      SEARCH_BASE.kb + SEARCH_BASE.perSectionKb * Math.max(0, sections.length - SEARCH_BASE.sections);
    console.log(
      `search base: ${total.toFixed(1)} KB for ${sections.length} sections (budget ${budget.toFixed(1)} KB)`,
    );
    assert.ok(total <= budget, `${INDEX_BASE_FILES.join(' + ')}: ${sizes.join(' + ')} bytes`);
  });
});
