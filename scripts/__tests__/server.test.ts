import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHeaders, resolvePath, startServer, type RunningServer } from '../server';
import {
  contentSecurityPolicy,
  inlineScripts,
  prepareForHost,
  scriptHash,
} from '../../plugins/static-host/host';

const PAGE = `<html><head><script>document.documentElement.dataset.theme='light'</script>
<script type="application/ld+json">{"@type":"BreadcrumbList"}</script><script src="/assets/js/main.0123abcd.js"></script>
</head><body><p>${'Services Manager provisions hosted services. '.repeat(60)}</p></body></html>`;

let root: string;
let server: RunningServer;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
  for (const file of [
    'index.html',
    '404.html',
    'docs/index.html',
    'docs/kb/index/index.html',
    'assets/js/main.0123abcd.js',
  ]) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `<p>${file}</p>`);
  }
  fs.writeFileSync(path.join(root, 'docs/index.html'), PAGE);
  fs.writeFileSync(path.join(root, 'assets/js/main.0123abcd.js'), 'console.log("main");\n'.repeat(100));
  await prepareForHost(root);
  server = await startServer({ root, baseUrl: '/' });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('resolvePath', () => {
  it('serves folder indexes at the clean path, with or without a trailing slash', () => {
    expect(resolvePath(root, '/docs')).toEqual({ file: path.join(root, 'docs/index.html'), status: 200 });
    expect(resolvePath(root, '/docs/')).toEqual({ file: path.join(root, 'docs/index.html'), status: 200 });
  });

  it('keeps a route whose last segment is literally "index"', () => {
    expect(resolvePath(root, '/docs/kb/index')).toEqual({
      file: path.join(root, 'docs/kb/index/index.html'),
      status: 200,
    });
  });

  it('redirects .html and index.html paths to the clean path', () => {
    expect(resolvePath(root, '/docs/index.html')).toEqual({ redirect: '/docs' });
    expect(resolvePath(root, '/index.html')).toEqual({ redirect: '/' });
    expect(resolvePath(root, '/docs/page.html')).toEqual({ redirect: '/docs/page' });
  });

  it('answers unknown and escaping paths with the not-found page', () => {
    expect(resolvePath(root, '/nope')).toEqual({ file: path.join(root, '404.html'), status: 404 });
    expect(resolvePath(root, '/../../etc/passwd')).toEqual({
      file: path.join(root, '404.html'),
      status: 404,
    });
  });
});

describe('prepareForHost', () => {
  it('finds the inline scripts a browser runs, not data blocks or external scripts', () => {
    expect(inlineScripts(PAGE)).toEqual(["document.documentElement.dataset.theme='light'"]);
  });

  it('writes a policy that allows exactly those scripts by hash, and compressed copies', () => {
    const headers = fs.readFileSync(path.join(root, '_headers'), 'utf8');
    const hash = scriptHash("document.documentElement.dataset.theme='light'");
    expect(headers).toContain(`script-src 'self' ${hash};`);
    expect(contentSecurityPolicy([])).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy([])).toMatch(
      /script-src 'self';.*object-src 'none'.*frame-ancestors 'none'/,
    );
    for (const file of ['docs/index.html', 'assets/js/main.0123abcd.js'])
      for (const extension of ['.br', '.gz'])
        expect(fs.existsSync(path.join(root, file + extension))).toBe(true);
    // Files too small to gain from compression are left alone.
    expect(fs.existsSync(path.join(root, '404.html.br'))).toBe(false);
  });
});

describe('parseHeaders', () => {
  it('reads rules and names a line it cannot read', () => {
    expect(parseHeaders('/assets/*\n  Cache-Control: immutable\n')[0].pattern.test('/assets/js/a.js')).toBe(
      true,
    );
    expect(() => parseHeaders('  X-Orphan: 1')).toThrow(/_headers: cannot read the line "X-Orphan: 1"/);
  });
});

describe('startServer', () => {
  it('sends the precompressed copy the client accepts, brotli first', async () => {
    const url = `${server.url}/assets/js/main.0123abcd.js`;
    const br = await fetch(url, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe('console.log("main");\n'.repeat(100));
    const gz = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    expect(await gz.text()).toBe('console.log("main");\n'.repeat(100));
  });

  it('applies the build headers: security headers everywhere, a year for hashed assets, revalidation for pages', async () => {
    const asset = await fetch(`${server.url}/assets/js/main.0123abcd.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${server.url}/docs`);
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers a revalidation with 304 while the file is unchanged', async () => {
    const first = await fetch(`${server.url}/docs`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/docs`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('returns 404 with the not-found page and the security headers', async () => {
    const response = await fetch(`${server.url}/missing`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404.html');
    expect(response.headers.get('content-security-policy')).toBeTruthy();
  });
});
