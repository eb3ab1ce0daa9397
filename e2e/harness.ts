import fs from 'node:fs';
import path from 'node:path';
import { after, afterEach, before } from 'node:test';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';
import { startServer, type RunningServer } from '../scripts/server';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/browser';
import { DEFAULT_OPTIONS } from '../plugins/analytics/options';
import { DESKTOP } from '../scripts/page-checks';

export const ROOT = path.resolve(__dirname, '..');
export const BUILD_DIR = path.join(ROOT, 'build');
/** The web-analytics script's path: production hosts serve it, the build does not contain it. */
export const ANALYTICS_PATH = DEFAULT_OPTIONS.src;
const ANALYTICS_STAND_IN = path.join(__dirname, 'fixtures', 'insights.js');

export type Site = { url: string; browser: Browser };

export {
  AXE_VARIANTS,
  axeResults,
  axeViolations,
  DESKTOP,
  MOBILE,
  visit,
  type AxeVariant,
  type AxeViolation,
} from '../scripts/page-checks';

/** Content-security-policy violations seen by any page of the running test file. */
const cspViolations: string[] = [];
/** The browser contexts the running test opened: each test's pages close when it ends. */
const contexts = new Set<BrowserContext>();

/**
 * One server and one browser per test file, started before its tests and closed after them. The server
 * serves the production build exactly as it ships, with its `_headers` (content security policy
 * included); what a test needs beyond it (the analytics script a host would serve, a failing request)
 * is injected into the browser's requests. A file whose pages met a CSP violation fails.
 */
export function setupSite(): Site {
  const site = {} as Site;
  let server: RunningServer | undefined;
  before(async () => {
    if (!fs.existsSync(path.join(BUILD_DIR, 'index.html'))) {
      throw new Error(`No build in ${BUILD_DIR}: run "npm run build" first.`);
    }
    server = await startServer({ root: BUILD_DIR });
    site.url = server.url;
    site.browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    await Promise.all([...contexts].map((context) => context.close()));
    contexts.clear();
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

/**
 * A fresh page, in a context of its own that closes when the test ends, whose console errors and
 * uncaught exceptions are collected for the test to assert on.
 * The analytics script is answered by a stand-in that records that it ran (a test may route it again).
 */
export async function openPage(
  site: Site,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; problems: Problems }> {
  const context = await site.browser.newContext({ viewport: DESKTOP, ...options });
  contexts.add(context);
  await context.route(`**${ANALYTICS_PATH}`, (route) => route.fulfill({ path: ANALYTICS_STAND_IN }));
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

/** Polls a condition the browser cannot wait for itself (such as collected console output). */
export async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
