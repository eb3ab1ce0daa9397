/**
 * Facts of every documentation page, read from the built HTML (the server renders every page
 * completely, so no page needs to run for them). The browser is used only as an HTML parser: nothing
 * is served or navigated, so this checks all pages in seconds; behaviour is the other files' job.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BUILD_DIR } from './harness';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/browser';
import { INDEX_FILE } from '../plugins/metadata';
import type { TagIndex } from '../plugins/metadata/buildIndex';
import { siteUrl } from '../site.links';

type Facts = {
  h1: string[];
  words: number;
  internalLinks: number;
  tagLinks: string[];
  keywords: string;
  description: string;
  canonical: string;
};

/**
 * Reads the facts of one page's HTML; runs in the browser. A string, since tsx would wrap the inner
 * functions of a compiled function in a helper the browser lacks.
 */
const READ_FACTS = `(html) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const article = doc.querySelector('article');
  const text = article?.querySelector('.markdown')?.textContent ?? '';
  const meta = (name) => doc.querySelector('meta[name="' + name + '"]')?.getAttribute('content') ?? '';
  return {
    h1: [...doc.querySelectorAll('h1')].map((h1) => h1.textContent.trim()),
    words: text.split(/\\s+/).filter(Boolean).length,
    internalLinks: article ? article.querySelectorAll('.markdown a[href^="/docs"]').length : 0,
    tagLinks: [...doc.querySelectorAll('article footer a[href*="/docs/tags/"]')].map((a) => a.getAttribute('href') ?? ''),
    keywords: meta('keywords'),
    description: meta('description'),
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
  };
}`;

const docs = () => (JSON.parse(fs.readFileSync(path.join(BUILD_DIR, INDEX_FILE), 'utf8')) as TagIndex).docs;

let browser: Browser;
let parser: Page;
before(async () => {
  browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
  parser = await browser.newPage();
});
after(() => browser?.close());

describe('every documentation page as built', () => {
  it('has its title as its one H1, real content, links, tag chips, keywords, description and canonical URL', async () => {
    const failures: string[] = [];
    const origin = siteUrl.replace(/\/$/, '');
    const list = docs();
    assert.ok(list.length > 100, `${list.length} docs in the index`);
    for (const doc of list) {
      const file = path.join(BUILD_DIR, doc.path, 'index.html');
      if (!fs.existsSync(file)) {
        failures.push(`${doc.path}: no page in the build`);
        continue;
      }
      const html = fs.readFileSync(file, 'utf8');
      const facts = (await parser.evaluate(`(${READ_FACTS})(${JSON.stringify(html)})`)) as Facts;
      const problems: string[] = [];
      if (facts.h1.length !== 1 || facts.h1[0] !== doc.title)
        problems.push(`H1 ${JSON.stringify(facts.h1)} is not the title "${doc.title}"`);
      if (facts.words < 150) problems.push(`only ${facts.words} words`);
      if (facts.internalLinks < 1) problems.push('no internal link');
      if (facts.tagLinks.length !== doc.tags.length) problems.push('tag chips missing');
      if (!facts.tagLinks.every((href) => href.startsWith('/docs/tags/')))
        problems.push('tag chip off the tag pages');
      if (!doc.tags.every((tag) => facts.keywords.includes(tag))) problems.push('tags missing from keywords');
      if (facts.description !== doc.description) problems.push('meta description differs from front matter');
      if (facts.canonical !== `${origin}${doc.path}`) problems.push(`canonical URL ${facts.canonical}`);
      if (problems.length) failures.push(`${doc.path}: ${problems.join('; ')}`);
    }
    assert.deepEqual(failures, []);
  });
});
