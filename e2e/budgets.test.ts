/**
 * Byte and request budgets of a first visit, per kind of page: deterministic for a given build (sizes
 * are gzip level 9 of the bytes the browser received, so the server's compression does not matter).
 * A change that makes a page heavier fails here; raise a budget only with the reason in the commit.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPage, setupSite } from './harness';
import { bytesOf, firstLoad, storedStockFigures } from '../scripts/bench/first-load';

const site = setupSite();

const KB = 1024;
/** Per page: JavaScript and CSS (KB gzip) and the number of requests of a first visit. */
const BUDGETS: Record<string, { js: number; css: number; requests: number }> = {
  '/': { js: 130, css: 17, requests: 8 },
  '/docs/concepts/introduction': { js: 160, css: 17, requests: 16 },
  '/docs/installation/prerequisites': { js: 182, css: 17, requests: 16 },
  '/docs/developer/api/reference/list-customers': { js: 176, css: 17, requests: 16 },
  '/search?q=billing': { js: 140, css: 17, requests: 16 },
};

/**
 * First-load JavaScript against stock Docusaurus with the same docs: at most this share of stock's
 * bytes. The diagram page is where the site's choices show (pre-rendered diagrams instead of a
 * renderer); no doc page may load more than stock.
 */
const STOCK_RATIO: Record<string, number> = {
  '/docs/concepts/introduction': 0.8,
  '/docs/installation/prerequisites': 1,
  '/docs/services/microsoftonline/subscriptions': 1,
};

describe('first-load budgets', () => {
  for (const [route, budget] of Object.entries(BUDGETS)) {
    it(`${route}: at most ${budget.js} KB of JavaScript, ${budget.css} KB of CSS, ${budget.requests} requests`, async () => {
      const { page, problems } = await openPage(site);
      const resources = await firstLoad(page, `${site.url}${route}`);
      const measured = {
        js: Math.ceil(bytesOf(resources, 'script') / KB),
        css: Math.ceil(bytesOf(resources, 'stylesheet') / KB),
        requests: resources.length,
      };
      assert.ok(
        measured.js <= budget.js && measured.css <= budget.css && measured.requests <= budget.requests,
        `${route}: ${JSON.stringify(measured)} over ${JSON.stringify(budget)}`,
      );
      assert.deepEqual(problems.errors, []);
    });
  }

  for (const [route, ratio] of Object.entries(STOCK_RATIO)) {
    const stockBytes = storedStockFigures()[route] ?? 0;
    it(`${route}: first-load JavaScript at most ${ratio}× stock Docusaurus (${Math.round(stockBytes / KB)} KB)`, async () => {
      assert.ok(stockBytes > 0, 'no stock figure stored: run npm run bench');
      const { page } = await openPage(site);
      const ours = bytesOf(await firstLoad(page, `${site.url}${route}`), 'script');
      assert.ok(
        ours <= stockBytes * ratio,
        `${route}: ${Math.round(ours / KB)} KB is ${(ours / stockBytes).toFixed(2)}× stock`,
      );
    });
  }
});
