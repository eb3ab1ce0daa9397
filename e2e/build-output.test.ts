import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { findSecrets } from '../scripts/secrets';
import { COMPRESSIBLE, inlineScripts, scriptHash } from '../plugins/static-host/host';
import { REPLAYED_BUTTONS } from '../plugins/early-input';
import { AFTER_PAINT_ATTRIBUTE, BANNER_MARK } from '../plugins/page-scripts/template';
import { BUILD_DIR } from './harness';

const htmlFiles = () =>
  fs.readdirSync(BUILD_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));

describe('the production build', () => {
  it('contains nothing that looks like a secret', () => {
    const findings = findSecrets(BUILD_DIR);
    assert.deepEqual(
      findings.map((finding) => `${finding.file}: ${finding.kind} (${finding.excerpt})`),
      [],
    );
  });

  it('ships a content security policy that allows every inline script of every page by hash', () => {
    const headers = fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8');
    const policy = /Content-Security-Policy: (.*)/.exec(headers)?.[1] ?? '';
    assert.doesNotMatch(policy, /unsafe-eval|script-src[^;]*unsafe-inline/);
    const files = htmlFiles();
    assert.ok(files.length > 300, `${files.length} pages`);
    for (const file of files) {
      for (const script of inlineScripts(fs.readFileSync(path.join(BUILD_DIR, file), 'utf8')))
        assert.ok(policy.includes(scriptHash(script)), `${file}: an inline script is not in the policy`);
    }
  });

  it('is complete after npm run build: Markdown twins, and copies of every file worth compressing', () => {
    for (const file of ['index.html', 'docs/glossary/index.html', 'docs/glossary.md', 'llms-full.txt']) {
      for (const extension of ['', '.br', '.gz'])
        assert.ok(fs.existsSync(path.join(BUILD_DIR, file + extension)), `${file}${extension}`);
    }
    // Every file, whichever plugin wrote it and however late (the service worker, the sitemap, the
    // API kit's downloads): the host step runs after docusaurus build has returned.
    const files = fs.readdirSync(BUILD_DIR, { recursive: true, encoding: 'utf8' });
    const uncompressed = files.filter(
      (file) =>
        COMPRESSIBLE.test(file) &&
        fs.statSync(path.join(BUILD_DIR, file)).size >= 1024 &&
        !(
          fs.existsSync(path.join(BUILD_DIR, `${file}.br`)) &&
          fs.existsSync(path.join(BUILD_DIR, `${file}.gz`))
        ),
    );
    assert.deepEqual(uncompressed, []);
    for (const late of ['sw.js', 'sitemap.xml', 'SKILL.md'])
      assert.ok(fs.existsSync(path.join(BUILD_DIR, `${late}.br`)), `${late}.br`);
  });

  it('keeps pages and search for offline reading, not the files written for tools', () => {
    const precached = [
      ...fs.readFileSync(path.join(BUILD_DIR, 'sw.js'), 'utf8').matchAll(/"url":"([^"]+)"/g),
    ].map((match) => match[1]);
    assert.ok(precached.includes('index.html') && precached.some((url) => url.startsWith('search/')));
    assert.deepEqual(
      precached.filter((url) => /^openapi\/|^content\.json$|^SKILL\.md$/.test(url)),
      [],
    );
  });

  it('has every page evaluate its scripts after its first paint, the home page the stock way', () => {
    let home = 0;
    for (const file of htmlFiles()) {
      const html = fs.readFileSync(path.join(BUILD_DIR, file), 'utf8');
      // The redirect pages of plugin-client-redirects only send the browser on.
      if (/<meta http-equiv="?refresh/i.test(html)) continue;
      const scripts = inlineScripts(html);
      const recorder = scripts.filter(
        (script) => script.includes('data-has-hydrated') && script.includes(REPLAYED_BUTTONS[0]),
      );
      assert.equal(recorder.length, 1, `${file}: no early-input recorder`);
      // Minified in the page, so recognised by what it looks for.
      assert.equal(
        scripts.filter(
          (script) => script.includes(AFTER_PAINT_ATTRIBUTE) && script.includes('first-contentful-paint'),
        ).length,
        1,
        `${file}: no loader`,
      );
      const deferred = html.match(/<script[^>]*\ssrc=[^>]*\sdefer>/g) ?? [];
      const afterPaint =
        html.match(new RegExp(`<link rel="?preload"? as="?script"?[^>]*\\s${AFTER_PAINT_ATTRIBUTE}>`, 'g')) ??
        [];
      if (html.includes(BANNER_MARK)) {
        // The base-URL banner shows when the main bundle has not run by DOMContentLoaded.
        home += 1;
        assert.ok(deferred.length >= 2 && afterPaint.length === 0, `${file}: scripts not deferred`);
      } else {
        assert.ok(afterPaint.length >= 2 && deferred.length === 0, `${file}: scripts not after paint`);
      }
    }
    assert.equal(home, 1, 'the home page alone has the base-URL banner');
  });

  it('serves code highlighted in the HTML and diagrams as images, on every page', () => {
    const highlighted = (html: string) =>
      [...html.matchAll(/class="?token ([\w -]+)/g)].filter((match) => match[1] !== 'plain').length;
    for (const page of ['docs/installation/prerequisites', 'docs/developer/api/reference/list-customers'])
      assert.ok(
        highlighted(fs.readFileSync(path.join(BUILD_DIR, page, 'index.html'), 'utf8')) > 10,
        `${page}: its code is not highlighted in the HTML`,
      );
    const diagramsAsCode = htmlFiles().filter((file) =>
      fs.readFileSync(path.join(BUILD_DIR, file), 'utf8').includes('language-mermaid'),
    );
    assert.deepEqual(diagramsAsCode, [], 'pages that show a Mermaid diagram as code');
  });
});
