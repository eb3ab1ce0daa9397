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
import { bytesOf, firstLoad, gzipSize, storedStockFigures } from '../scripts/bench/first-load';
import { INDEX_BASE_FILES } from '../src/search/local';
import { findIndexDir } from '../src/search/fromBuild';

const site = setupSite();

const KB = 1024;
/**
 * Per page: JavaScript and CSS (KB gzip) and the number of requests of a first visit. Every page's main
 * bundle and runtime carry the route table and chunk map of all pages (about 65 bytes gzip a page), so
 * adding pages raises every budget a little: the 54 Cortex cmdlet pages and 7 user operations added
 * 5 KB.
 */
const BUDGETS: Record<string, { js: number; css: number; requests: number }> = {
  '/': { js: 130, css: 17, requests: 8 },
  '/docs/concepts/introduction': { js: 152, css: 17, requests: 16 },
  '/docs/installation/prerequisites': { js: 159, css: 17, requests: 16 },
  '/docs/developer/api/reference/list-customers': { js: 165, css: 17, requests: 16 },
  // Counts the query's index files too: the base files and the term shards its words need.
  '/search?q=billing': { js: 140, css: 17, requests: 18 },
};

/**
 * KB gzip of the search index files every first query waits for, whatever its words (the base, the shard
 * list and the section list; see src/search/engine.ts). They grow with the number of sections (2,324 come
 * to 26.3 KB); MiniSearch’s own serialization of the same index and a list of section objects were 54 KB.
 */
const SEARCH_BASE_KB = 28;

/**
 * First-load JavaScript against stock Docusaurus built from the same docs and API pages (the same route
 * table): below this share of stock's bytes. Every doc page stays under 0.8×; the page with code is
 * closest to it (0.796: its code block's component, and its tokens made at build time, where stock
 * loads Prism with every page), the page without code is at 0.765, and the diagram page far below
 * (0.39: pre-rendered diagrams instead of a renderer).
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
  try {
    return { resources: await firstLoad(page, `${site.url}${route}`), errors: problems.errors };
  } finally {
    await page.context().close();
  }
}
const firstVisit = (route: string) => {
  if (!loads.has(route)) loads.set(route, load(route));
  return loads.get(route)!;
};

describe('first-load budgets', () => {
  for (const [route, budget] of Object.entries(BUDGETS)) {
    it(`${route}: at most ${budget.js} KB of JavaScript, ${budget.css} KB of CSS, ${budget.requests} requests`, async () => {
      const { resources, errors } = await firstVisit(route);
      const measured = {
        js: Math.ceil(bytesOf(resources, 'script') / KB),
        css: Math.ceil(bytesOf(resources, 'stylesheet') / KB),
        requests: resources.length,
      };
      assert.ok(
        measured.js <= budget.js && measured.css <= budget.css && measured.requests <= budget.requests,
        `${route}: ${JSON.stringify(measured)} over ${JSON.stringify(budget)}`,
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
      const ours = bytesOf((await firstVisit(route)).resources, 'script');
      assert.ok(
        ours < stockBytes * ratio,
        `${route}: ${Math.round(ours / KB)} KB is ${(ours / stockBytes).toFixed(2)}× stock`,
      );
    });
  }

  it(`search: the index files every first query needs come to at most ${SEARCH_BASE_KB} KB`, () => {
    const dir = findIndexDir(BUILD_DIR);
    const sizes = INDEX_BASE_FILES.map((file) => gzipSize(fs.readFileSync(path.join(dir, file))));
    const total = sizes.reduce((sum, size) => sum + size, 0) / KB;
    assert.ok(total <= SEARCH_BASE_KB, `${INDEX_BASE_FILES.join(' + ')}: ${sizes.join(' + ')} bytes`);
  });
});
