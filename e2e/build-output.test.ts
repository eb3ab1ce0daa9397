import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { findSecrets } from '../scripts/secrets';
import { inlineScripts, scriptHash } from '../scripts/static-host';
import { BUILD_DIR } from './harness';

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
    for (const file of fs.readdirSync(BUILD_DIR, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.html')) continue;
      for (const script of inlineScripts(fs.readFileSync(path.join(BUILD_DIR, file), 'utf8')))
        assert.ok(policy.includes(scriptHash(script)), `${file}: an inline script is not in the policy`);
    }
  });

  it('lists each page’s own chunks in its HTML after the main bundle, preloaded to run after the first paint', () => {
    for (const page of ['docs/concepts/platformfeatures/billing/rules', 'docs/glossary', 'search']) {
      const html = fs.readFileSync(path.join(BUILD_DIR, page, 'index.html'), 'utf8');
      assert.doesNotMatch(html, /<script src=[^>]*defer/, `${page}: a script runs before the first paint`);
      const scripts = [
        ...html.matchAll(
          /<link rel=["']?preload["']? as=["']?script["']?[^>]* href=["']?([^"' >]+)["']? data-paint-first/g,
        ),
      ].map((match) => match[1]);
      assert.match(scripts[0] ?? '', /runtime~main\./, page);
      assert.match(scripts[1] ?? '', /\/main\./, page);
      assert.ok(scripts.length > 2, `${page}: only the main bundle is listed`);
      for (const script of scripts)
        assert.ok(fs.existsSync(path.join(BUILD_DIR, script)), `${page}: ${script} is not in the build`);
      assert.ok(
        inlineScripts(html).some((script) => script.includes('data-paint-first')),
        `${page}: no loader`,
      );
    }
  });

  it('bundles the framework patches: no collator is built on a page’s first view', () => {
    // plugins/framework-patches: the framework's first localeCompare call built an ICU collator (70–95 ms at 4×).
    const assets = path.join(BUILD_DIR, 'assets', 'js');
    const main = fs.readdirSync(assets).find((file) => /^main\.[^.]+\.js$/.test(file));
    assert.ok(main, 'no main bundle');
    const code = fs.readFileSync(path.join(assets, main), 'utf8');
    assert.doesNotMatch(code, /localeCompare/);
    assert.match(code, /startTransition\)\(\(\)=>\w+\(!0\)\)/, 'the isBrowser update is a transition');
  });

  it('keeps stock deferred scripts on the home page, where the base-URL banner checks for them', () => {
    const html = fs.readFileSync(path.join(BUILD_DIR, 'index.html'), 'utf8');
    assert.match(html, /__docusaurus-base-url-issue-banner-container/);
    assert.match(html, /<script src=["']?[^"' >]*\/main\.[^>]* defer/);
    assert.doesNotMatch(html, /data-paint-first/);
  });
});
