import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import {
  chromium,
  type Browser,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';
import { startServer, type RunningServer } from '../scripts/server';
import { findBrowser } from '../scripts/browser';

export const ROOT = path.resolve(__dirname, '..');
export const BUILD_DIR = path.join(ROOT, 'build');
export const ANALYTICS_PATH = '/_vercel/insights/script.js';

/** Launch flags that work as root on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `files` maps site paths to files served instead of the build's (tests may change it while running). */
export type Site = { url: string; browser: Browser; files: Record<string, string> };

/**
 * One server and one browser per test file, started before its tests and closed after them. The server
 * serves the production build with its `_headers` (content security policy included), plus a stand-in
 * for the analytics script at its real path. A file whose pages met a CSP violation fails.
 */
/** Content-security-policy violations seen by any page of the running test file. */
const cspViolations: string[] = [];

export function setupSite(): Site {
  const site = {} as Site;
  let server: RunningServer | undefined;
  before(async () => {
    if (!fs.existsSync(path.join(BUILD_DIR, 'index.html'))) {
      throw new Error(`No build in ${BUILD_DIR}: run "DOCS_E2E_FIXTURES=true npm run build" first.`);
    }
    site.files = { [ANALYTICS_PATH]: path.join(__dirname, 'fixtures', 'insights.js') };
    server = await startServer({ root: BUILD_DIR, files: site.files });
    site.url = server.url;
    site.browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
  });
  after(async () => {
    await site.browser?.close();
    await server?.close();
    // The build's content security policy is served with every page: anything it blocked is a failure.
    if (cspViolations.length)
      throw new Error(`Content security policy violations:\n${[...new Set(cspViolations)].join('\n')}`);
  });
  return site;
}

export type Problems = { errors: string[]; messages: ConsoleMessage[] };

/** A fresh page whose console errors and uncaught exceptions are collected for the test to assert on. */
export async function openPage(
  site: Site,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; problems: Problems }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: Problems = { errors: [], messages: [] };
  page.on('console', (message) => {
    problems.messages.push(message);
    if (/Content Security Policy/i.test(message.text()))
      cspViolations.push(`${page.url()}: ${message.text()}`);
    if (message.type() === 'error') problems.errors.push(message.text());
  });
  page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`));
  return { page, problems };
}

/** Navigates and waits until React has hydrated the page, so interactions hit live handlers. */
export async function visit(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
  return response;
}

/** Polls a condition the browser cannot wait for itself (such as collected console output). */
export async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
