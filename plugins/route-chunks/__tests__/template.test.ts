import stockTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';
import { compileSSGTemplate } from '@docusaurus/core/lib/ssg/ssgTemplate';
import { describe, expect, it } from 'vitest';
import {
  PAINT_FIRST_ATTRIBUTE,
  PAINT_FIRST_LOADER,
  PAINT_WAIT_LIMIT_MS,
  paintFirstTemplate,
} from '../template';

const page = (metaAttributes: string[]) => ({
  appHtml: '<main>Billing rules</main>',
  baseUrl: '/docs-site/',
  htmlAttributes: 'lang="en"',
  bodyAttributes: '',
  headTags: '',
  preBodyTags: '',
  postBodyTags: '',
  metaAttributes,
  scripts: ['assets/js/runtime~main.1.js', 'assets/js/main.2.js', 'assets/js/page.3.js'],
  stylesheets: ['assets/css/styles.4.css'],
  noIndex: false,
  version: '3',
});

const render = async (metaAttributes: string[]) =>
  (await compileSSGTemplate(paintFirstTemplate()))(page(metaAttributes));

describe('the paint-first page template', () => {
  it('preloads every script in order, at low priority, with one loader and no deferred script', async () => {
    const html = await render(['<title>Billing rules</title>']);
    const preloads = [
      ...html.matchAll(/<link rel="preload" as="script" fetchpriority="low" href="([^"]+)"/g),
    ];
    expect(preloads.map((match) => match[1])).toEqual([
      '/docs-site/assets/js/runtime~main.1.js',
      '/docs-site/assets/js/main.2.js',
      '/docs-site/assets/js/page.3.js',
    ]);
    expect(html.match(new RegExp(PAINT_FIRST_ATTRIBUTE, 'g'))).toHaveLength(4);
    expect(html).not.toMatch(/<script src=/);
    expect(html.indexOf('styles.4.css')).toBeLessThan(html.indexOf('runtime~main'));
  });

  it('keeps stock deferred scripts on a page with the base-URL banner (the home page)', async () => {
    const banner = `<script>document.addEventListener('DOMContentLoaded', function () { var id = '__docusaurus-base-url-issue-banner-container'; })</script>`;
    const html = await render([banner]);
    expect(html).toContain('<script src="/docs-site/assets/js/main.2.js" defer></script>');
    expect(html).not.toContain(PAINT_FIRST_ATTRIBUTE);
  });

  it('changes nothing else in Docusaurus’s template', () => {
    const block = /<% if \(it\.metaAttributes[\s\S]*<% } %>/;
    const stockBlock = /<% it\.scripts\.forEach[\s\S]*?<% }\); %>/;
    expect(paintFirstTemplate().replace(block, '')).toBe(stockTemplate.replace(stockBlock, ''));
  });

  it('fails with the file to update when Docusaurus’s template no longer lists scripts as expected', () => {
    expect(() => paintFirstTemplate('<html><head></head><body></body></html>')).toThrow(
      /plugins\/route-chunks\/template\.ts: .*STOCK_SCRIPTS/,
    );
  });
});

/**
 * Runs PAINT_FIRST_LOADER against a stand-in page: three preload links, a document that may be hidden,
 * paint timing that may be missing, and animation frames and timers the test advances by hand.
 */
function loaderPage({ hidden = false, paintTiming = true } = {}) {
  const appended: { src: string; async: boolean }[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: { run: () => void; delay: number }[] = [];
  let reportPaint: ((names: string[]) => void) | undefined;
  const document = {
    hidden,
    head: { appendChild: (script: { src: string; async: boolean }) => appended.push(script) },
    createElement: () => ({ src: '', async: true }),
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    querySelectorAll: (selector: string) =>
      selector === `link[${PAINT_FIRST_ATTRIBUTE}]`
        ? ['/runtime.js', '/main.js', '/page.js'].map((href) => ({ href }))
        : [],
  };
  class PerformanceObserver {
    constructor(report: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
      if (!paintTiming) throw new TypeError('PerformanceObserver is not a constructor');
      reportPaint = (names) => report({ getEntriesByName: (name) => names.filter((n) => n === name) });
    }
    observe() {}
  }
  new Function('document', 'PerformanceObserver', 'requestAnimationFrame', 'setTimeout', PAINT_FIRST_LOADER)(
    document,
    PerformanceObserver,
    (run: () => void) => frames.push(run),
    (run: () => void, delay = 0) => timers.push({ run, delay }),
  );
  /** Settles promise callbacks, then runs what is due: the queued frames, then zero-delay timers. */
  const flush = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    for (const run of frames.splice(0)) run();
    for (const timer of timers.filter((t) => t.delay === 0)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  return {
    appended,
    flush,
    parsed: () => listeners.DOMContentLoaded?.(),
    paint: (...names: string[]) => reportPaint?.(names),
    waitLimitPasses: () => timers.filter((t) => t.delay === PAINT_WAIT_LIMIT_MS).forEach((t) => t.run()),
  };
}

describe('the paint-first loader', () => {
  it('adds the scripts in order, not async, only once the page is parsed and has painted content', async () => {
    const page = loaderPage();
    page.paint('first-paint');
    await page.flush();
    page.parsed();
    await page.flush();
    expect(page.appended).toEqual([]);
    page.paint('first-contentful-paint');
    await page.flush();
    expect(page.appended).toEqual([
      { src: '/runtime.js', async: false },
      { src: '/main.js', async: false },
      { src: '/page.js', async: false },
    ]);
    page.waitLimitPasses();
    expect(page.appended).toHaveLength(3);
  });

  it('waits for the end of parsing even when content was painted first', async () => {
    const page = loaderPage();
    page.paint('first-paint', 'first-contentful-paint');
    await page.flush();
    expect(page.appended).toEqual([]);
    page.parsed();
    await page.flush();
    expect(page.appended).toHaveLength(3);
  });

  it('adds them as soon as a hidden tab is parsed, since it paints nothing until shown', async () => {
    const page = loaderPage({ hidden: true });
    page.parsed();
    expect(page.appended).toHaveLength(3);
  });

  it('adds them after the wait limit when no paint is reported', async () => {
    const page = loaderPage();
    page.parsed();
    await page.flush();
    expect(page.appended).toEqual([]);
    page.waitLimitPasses();
    expect(page.appended).toHaveLength(3);
  });

  it('adds them after the next frame in a browser without paint timing', async () => {
    const page = loaderPage({ paintTiming: false });
    page.parsed();
    await page.flush();
    expect(page.appended).toHaveLength(3);
  });
});
