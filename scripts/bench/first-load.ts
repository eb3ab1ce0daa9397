/**
 * What a first visit to a page downloads, as the browser saw it: every successful response until the
 * page has loaded and the network has gone quiet, with its size as sent uncompressed and at gzip level
 * 9 (so figures do not depend on the server's compression). Link prefetches of other pages are not
 * part of the first load and are left out. Used by the benchmark and by the gate's byte budgets.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';

export type Resource = { url: string; type: string; raw: number; gzip: number };

export const gzipSize = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;

export async function firstLoad(page: Page, url: string): Promise<Resource[]> {
  const resources: Resource[] = [];
  const reads: Promise<void>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    const type = response.request().resourceType();
    if (!response.ok() || type === 'other') return;
    reads.push(
      response.body().then((body) => {
        resources.push({ url: response.url(), type, raw: body.length, gzip: gzipSize(body) });
      }),
    );
  };
  page.on('response', onResponse);
  let failure: { error: unknown } | undefined;
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
    await page.waitForLoadState('networkidle');
  } catch (error) {
    failure = { error };
  } finally {
    page.off('response', onResponse);
  }
  // Every body read started before the listener went, awaited here, so none is left to fail once the
  // page closes (a response that arrived after the reads were first awaited used to be).
  const settled = await Promise.allSettled(reads);
  if (failure) throw failure.error;
  const unread = settled.find((result) => result.status === 'rejected');
  if (unread) throw unread.reason;
  return resources;
}

/** Bytes (gzip) of the resources of one type. */
export const bytesOf = (resources: Resource[], type: string) =>
  resources.filter((resource) => resource.type === type).reduce((sum, resource) => sum + resource.gzip, 0);

/** Where the stock Docusaurus figures the gate compares with are kept (written from `npm run bench`). */
export const STOCK_FILE = path.join(__dirname, 'stock-first-load.json');

type StockFile = { about: string; ourPages: number; pages: Record<string, number> };
const readStock = () => JSON.parse(fs.readFileSync(STOCK_FILE, 'utf8')) as StockFile;

/** Stock Docusaurus's first-load JavaScript (bytes, gzip) per doc page, as last measured. */
export function storedStockFigures(): Record<string, number> {
  return readStock().pages;
}

/** How many pages (HTML files) this site's build had when the stock figures were measured. */
export function storedStockPages(): number {
  return readStock().ourPages;
}
