import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScripts, prepareForHost, scriptHash } from '../host';

const THEME_SCRIPT = "document.documentElement.dataset.theme='light'";
const PAGE = `<html><head><script>${THEME_SCRIPT}</script>
<script type="application/ld+json">{"@type":"BreadcrumbList"}</script><script src="/assets/js/main.0123abcd.js"></script>
</head><body><p>${'Services Manager provisions hosted services. '.repeat(60)}</p></body></html>`;

let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'host-'));
  const files: Record<string, string> = {
    'index.html': '<p>home</p>',
    '404.html': '<p>not found</p>',
    'docs/index.html': PAGE,
    'docs/index.md': '# Docs\n'.repeat(300),
    'assets/js/main.0123abcd.js': 'console.log("main");\n'.repeat(100),
    'img/logo.png': 'x'.repeat(4000),
  };
  for (const [file, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), body);
  }
  await prepareForHost(root);
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('prepareForHost', () => {
  it('finds the inline scripts a browser runs, not data blocks or external scripts', () => {
    expect(inlineScripts(PAGE)).toEqual([THEME_SCRIPT]);
    expect(inlineScripts('<script type="module">run()</script><script type=text/plain>no</script>')).toEqual([
      'run()',
    ]);
  });

  it('writes a policy that allows exactly the pages’ inline scripts by hash, and no eval', () => {
    const headers = fs.readFileSync(path.join(root, '_headers'), 'utf8');
    expect(headers).toContain(`script-src 'self' ${scriptHash(THEME_SCRIPT)};`);
    expect(headers).toMatch(/^\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
    expect(contentSecurityPolicy([])).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy([])).toMatch(
      /script-src 'self';.*object-src 'none'.*frame-ancestors 'none'/,
    );
  });

  it('writes brotli and gzip copies that decompress to the file, for text files over 1 KB only', async () => {
    const zlib = await import('node:zlib');
    for (const file of ['docs/index.html', 'docs/index.md', 'assets/js/main.0123abcd.js']) {
      const original = fs.readFileSync(path.join(root, file));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(root, `${file}.br`)))).toEqual(original);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(root, `${file}.gz`)))).toEqual(original);
    }
    expect(fs.existsSync(path.join(root, '404.html.br'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'img/logo.png.br'))).toBe(false);
  });
});
