import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, resolvePath, startServer, type RunningServer } from '../server';

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

describe('startServer', () => {
  it('compresses text and caches hashed assets for a year', async () => {
    const response = await fetch(`${server.url}/assets/js/main.0123abcd.js`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/docs')).toBe('public, max-age=0, must-revalidate');
  });

  it('returns 404 with the not-found page', async () => {
    const response = await fetch(`${server.url}/missing`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404.html');
  });
});
