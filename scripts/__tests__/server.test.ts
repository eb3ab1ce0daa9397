import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTION_LIMITS,
  acceptedEncodings,
  findFile,
  normalizeRange,
  parseHeaders,
  parseRequestPath,
  startServer,
  type RunningServer,
} from '../server';
import { prepareForHost } from '../../plugins/static-host/host';
import {
  allTaken,
  FLOODER,
  holdConnections,
  OTHER,
  requestFrom,
} from '@services-manager-docs/core/net/__tests__/connections';

const PAGE = `<html><head><script>document.documentElement.dataset.theme='light'</script>
<script type="application/ld+json">{"@type":"BreadcrumbList"}</script><script src="/assets/js/main.0123abcd.js"></script>
</head><body><p>${'Services Manager provisions hosted services. '.repeat(60)}</p></body></html>`;
const SECRET = 'top-secret-outside-the-build';
const MAIN_JS = 'console.log("main");\n'.repeat(100);

let parent: string;
let root: string;
let server: RunningServer;

beforeAll(async () => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-'));
  root = path.join(parent, 'site');
  // A sibling folder whose name starts with the root's: a containment check without a separator leaks it.
  fs.mkdirSync(path.join(`${root}-before`), { recursive: true });
  fs.writeFileSync(path.join(`${root}-before`, 'secret.txt'), SECRET);
  for (const file of [
    'index.html',
    '404.html',
    'docs/index.html',
    'docs/page.html',
    'docs/kb/index/index.html',
    'docs/€.html',
    'assets/js/main.0123abcd.js',
    'llms.txt',
    '.env',
    '.git/config',
    'docs/.hidden/index.html',
    '.secret.html',
  ]) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `<p>${file}</p>`);
  }
  fs.writeFileSync(path.join(root, 'docs/index.html'), PAGE);
  fs.writeFileSync(path.join(root, 'assets/js/main.0123abcd.js'), MAIN_JS);
  fs.writeFileSync(path.join(root, 'llms.txt'), 'Services Manager — docs\n'.repeat(100));
  for (const file of ['.env', '.git/config', 'docs/.hidden/index.html', '.secret.html'])
    fs.writeFileSync(path.join(root, file), SECRET);
  await prepareForHost(root);
  // Symlinks out of the build (a file, a folder, a compressed copy) and a loop.
  fs.symlinkSync(path.join(`${root}-before`, 'secret.txt'), path.join(root, 'leak.txt'));
  fs.symlinkSync(`${root}-before`, path.join(root, 'outside'));
  fs.rmSync(path.join(root, 'llms.txt.gz'));
  fs.symlinkSync(path.join(`${root}-before`, 'secret.txt'), path.join(root, 'llms.txt.gz'));
  fs.symlinkSync('loop', path.join(root, 'loop'));
  // A symlink that stays inside the build is served.
  fs.symlinkSync(path.join(root, 'docs/page.html'), path.join(root, 'docs/alias.html'));
  server = await startServer({ root });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(parent, { recursive: true, force: true });
});

type Raw = { status: number; headers: Record<string, string>; body: string };

/** Sends bytes exactly as given (no client-side URL normalisation) and reads the whole response. */
function raw(requestLine: string, headers: Record<string, string> = {}): Promise<Raw> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [status, ...lines] = head.split('\r\n');
      resolve({
        status: Number(status.split(' ')[1]),
        headers: Object.fromEntries(
          lines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
        ),
        body: rest.join('\r\n\r\n'),
      });
    });
    const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      Buffer.from(`${requestLine}\r\nHost: x\r\nConnection: close\r\n${extra.join('')}\r\n`, 'latin1'),
    );
  });
}
const get = (target: string, headers?: Record<string, string>) => raw(`GET ${target} HTTP/1.1`, headers);

const isSameOrigin = (location: string) =>
  /^\/(?![/\\])/.test(location) && new URL(location, 'http://site.test').origin === 'http://site.test';

/** Every request of the attack list: the status it must get and, for redirects, where to. */
const ATTACKS: { request: string; status: number; location?: string; nodeRejects?: boolean }[] = [
  { request: 'GET /llms.txt/ HTTP/1.1', status: 404 },
  { request: 'GET /llms.txt/x HTTP/1.1', status: 404 },
  { request: 'GET // HTTP/1.1', status: 400 },
  { request: 'GET //evil.example/ HTTP/1.1', status: 400 },
  { request: 'GET /%00 HTTP/1.1', status: 400 },
  { request: 'GET /index.html%00.txt HTTP/1.1', status: 400 },
  { request: 'GET /index.html\x00 HTTP/1.1', status: 400, nodeRejects: true },
  { request: `GET /${'a'.repeat(256)} HTTP/1.1`, status: 400 },
  { request: `GET /docs/${'%E2%82%AC'.repeat(90)} HTTP/1.1`, status: 400 },
  { request: `GET /${'a/'.repeat(2100)} HTTP/1.1`, status: 400 },
  { request: 'GET /docs/%E2%82%AC.html HTTP/1.1', status: 301, location: '/docs/%E2%82%AC' },
  { request: 'GET /docs/%E2%82%AC HTTP/1.1', status: 200 },
  { request: 'GET /docs/\xe2\x82\xac.html HTTP/1.1', status: 400, nodeRejects: true },
  { request: 'GET /loop HTTP/1.1', status: 404 },
  { request: 'GET /loop/index.html HTTP/1.1', status: 301, location: '/loop' },
  { request: 'GET /..%2Fsite-before/secret.txt HTTP/1.1', status: 400 },
  { request: 'GET /%2e%2e%2Fsite-before/secret.txt HTTP/1.1', status: 400 },
  { request: 'GET /.%2E%2Fsite-before/secret.txt HTTP/1.1', status: 400 },
  { request: 'GET /../site-before/secret.txt HTTP/1.1', status: 400 },
  { request: 'GET /%2e%2e/site-before/secret.txt HTTP/1.1', status: 400 },
  { request: 'GET /docs/%2E HTTP/1.1', status: 400 },
  { request: 'GET /..\\site-before\\secret.txt HTTP/1.1', status: 400 },
  { request: 'GET /%5C..%5Csite-before%5Csecret.txt HTTP/1.1', status: 400 },
  { request: 'GET /%C0%AE%C0%AE/site-before/secret.txt HTTP/1.1', status: 400 },
  { request: 'GET /%E0%80%AE%E0%80%AE/site-before/secret.txt HTTP/1.1', status: 400 },
  { request: 'GET /%C0%AF HTTP/1.1', status: 400 },
  { request: 'GET /% HTTP/1.1', status: 400 },
  { request: 'GET /%zz HTTP/1.1', status: 400 },
  { request: 'GET /leak.txt HTTP/1.1', status: 404 },
  { request: 'GET /outside/secret.txt HTTP/1.1', status: 404 },
  { request: 'GET /_headers HTTP/1.1', status: 404 },
  { request: 'GET /_nginx.conf HTTP/1.1', status: 404 },
  // Dotfiles in the build, plain or encoded, and the clean URLs that would reach them.
  { request: 'GET /.env HTTP/1.1', status: 404 },
  { request: 'GET /%2eenv HTTP/1.1', status: 404 },
  { request: 'GET /%2Eenv HTTP/1.1', status: 404 },
  { request: 'GET /.git/config HTTP/1.1', status: 404 },
  { request: 'GET /%2Egit/config HTTP/1.1', status: 404 },
  { request: 'GET /.git/ HTTP/1.1', status: 404 },
  { request: 'GET /docs/.hidden HTTP/1.1', status: 404 },
  { request: 'GET /docs/%2ehidden/ HTTP/1.1', status: 404 },
  { request: 'GET /.secret HTTP/1.1', status: 404 },
  { request: 'GET /%2Fevil.example/index.html HTTP/1.1', status: 400 },
  { request: 'GET /%5Cevil.example/index.html HTTP/1.1', status: 400 },
  { request: 'GET /%09/evil.example/index.html HTTP/1.1', status: 400 },
  { request: 'GET /%2F%2Fevil.example/x.html HTTP/1.1', status: 400 },
  {
    request: 'GET /docs/page.html?q=%2F%2Fevil.example HTTP/1.1',
    status: 301,
    location: '/docs/page?q=%2F%2Fevil.example',
  },
  { request: 'GET /index.html HTTP/1.1', status: 301, location: '/' },
  { request: 'GET /docs/index.html HTTP/1.1', status: 301, location: '/docs' },
  { request: 'GET /docs%0D%0ASet-Cookie:%20x=1.html HTTP/1.1', status: 400 },
  // Node reads the line break as the end of a request line without a version: a header, not a response header.
  { request: 'GET /docs\r\nSet-Cookie: x=1 HTTP/1.1', status: 200 },
  { request: 'GET http://evil.example/docs HTTP/1.1', status: 400 },
  { request: 'GET * HTTP/1.1', status: 400 },
  { request: 'POST /docs HTTP/1.1', status: 405 },
  { request: 'PUT /docs HTTP/1.1', status: 405 },
  { request: 'DELETE /docs HTTP/1.1', status: 405 },
  { request: 'TRACE / HTTP/1.1', status: 405 },
  { request: 'OPTIONS * HTTP/1.1', status: 405 },
];

describe('hostile requests', () => {
  it.each(ATTACKS)('$request → $status', async ({ request, status, location, nodeRejects }) => {
    const response = await raw(request);
    expect(response.status).toBe(status);
    expect(response.body).not.toContain(SECRET);
    expect(response.headers['set-cookie']).toBeUndefined();
    if (location) expect(response.headers.location).toBe(location);
    if (response.headers.location) expect(isSameOrigin(response.headers.location)).toBe(true);
    if (!nodeRejects) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
    if (status === 405) expect(response.headers.allow).toBe('GET, HEAD');
    // The server is still answering.
    expect((await get('/docs')).status).toBe(200);
  });

  it('never serves a compressed copy that is a symlink out of the build', async () => {
    const response = await get('/llms.txt', { 'Accept-Encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).not.toContain(SECRET);
  });

  it('serves a symlink that stays inside the build', async () => {
    const response = await get('/docs/alias');
    expect(response.status).toBe(200);
    expect(response.body).toContain('docs/page.html');
  });
});

const PIECES = [
  'a',
  'index.html',
  '.html',
  '..',
  '.',
  '%2e',
  '%2E%2e',
  '%2F',
  '%5C',
  '%00',
  '%0d%0a',
  '%09',
  '%C0%AE',
  '%E2%82%AC',
  '%',
  '%zz',
  '\\',
  '/',
  '//',
  '?',
  '?q=//x',
  'docs',
  'site-before',
  'secret.txt',
  'leak.txt',
  'outside',
  'loop',
  '.env',
  '.git',
  'config',
  '€',
  ' ',
];

describe('the path layer (property)', () => {
  const target = fc
    .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 })), { maxLength: 8 })
    .map((parts) => `/${parts.join('')}`);

  it('never throws, redirects only to this origin, and never resolves a file outside the build', () => {
    const realRoot = fs.realpathSync(root);
    fc.assert(
      fc.property(target, (request) => {
        const result = parseRequestPath(request);
        if (result.kind === 'redirect') {
          expect(isSameOrigin(result.location)).toBe(true);
          expect(result.location).toMatch(/^[\x21-\x7e]+$/);
        }
        if (result.kind !== 'file') return;
        for (const segment of result.segments) {
          expect(['', '.', '..']).not.toContain(segment);
          expect(segment).not.toMatch(/[/\\]/);
          expect([...segment].every((char) => char >= ' ')).toBe(true);
        }
        const file = findFile(realRoot, result.segments, result.directory);
        if (file) expect(fs.realpathSync(file).startsWith(realRoot + path.sep)).toBe(true);
        if (result.segments.some((segment) => segment.startsWith('.'))) expect(file).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('path resolution', () => {
  const file = (request: string) => {
    const result = parseRequestPath(request);
    return result.kind === 'file' ? findFile(root, result.segments, result.directory) : result;
  };

  it('serves folder indexes at the clean path, with or without a trailing slash', () => {
    expect(file('/docs')).toBe(path.join(root, 'docs/index.html'));
    expect(file('/docs/')).toBe(path.join(root, 'docs/index.html'));
    expect(file('/')).toBe(path.join(root, 'index.html'));
    expect(file('/docs/page')).toBe(path.join(root, 'docs/page.html'));
  });

  it('keeps a route whose last segment is literally "index"', () => {
    expect(file('/docs/kb/index')).toBe(path.join(root, 'docs/kb/index/index.html'));
  });

  it('redirects .html and index.html paths to the clean path, keeping the query', () => {
    expect(parseRequestPath('/docs/index.html')).toEqual({ kind: 'redirect', location: '/docs' });
    expect(parseRequestPath('/index.html?x=1')).toEqual({ kind: 'redirect', location: '/?x=1' });
    expect(parseRequestPath('/docs/page.html')).toEqual({ kind: 'redirect', location: '/docs/page' });
    expect(parseRequestPath('/404.html')).toMatchObject({ kind: 'file' });
  });

  it('reads Accept-Encoding with q-values and Range headers safely', () => {
    expect([...acceptedEncodings('gzip, br')]).toEqual(['gzip', 'br']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings('*, gzip;q=0')]).toEqual(['br']);
    expect([...acceptedEncodings('brotli, xgzip')]).toEqual([]);
    expect(normalizeRange('bytes=0-9', 100)).toBe('bytes=0-9');
    expect(normalizeRange('bytes=-10', 100)).toBe('bytes=90-99');
    expect(normalizeRange('bytes=90-', 100)).toBe('bytes=90-99');
    expect(normalizeRange('bytes=50-500', 100)).toBe('bytes=50-99');
    expect(normalizeRange('bytes=100-', 100)).toBeNull();
    expect(normalizeRange('bytes=9-0', 100)).toBeUndefined();
    expect(normalizeRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(normalizeRange('items=0-1', 100)).toBeUndefined();
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
  it('sends the precompressed copy the client accepts, brotli first, and none refused with q=0', async () => {
    const url = `${server.url}/assets/js/main.0123abcd.js`;
    const br = await fetch(url, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(MAIN_JS);
    const gz = await fetch(url, { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    expect(await gz.text()).toBe(MAIN_JS);
    const none = await get('/assets/js/main.0123abcd.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(MAIN_JS);
  });

  it('answers byte ranges', async () => {
    const url = `${server.url}/assets/js/main.0123abcd.js`;
    const part = await fetch(url, { headers: { Range: 'bytes=0-6', 'Accept-Encoding': 'identity' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-6/${MAIN_JS.length}`);
    expect(await part.text()).toBe('console');
    const tail = await fetch(url, { headers: { Range: 'bytes=-3', 'Accept-Encoding': 'identity' } });
    expect(await tail.text()).toBe(');\n');
    const beyond = await fetch(url, { headers: { Range: 'bytes=99999-', 'Accept-Encoding': 'identity' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${MAIN_JS.length}`);
    const nonsense = await fetch(url, { headers: { Range: 'bytes=5-1', 'Accept-Encoding': 'identity' } });
    expect(nonsense.status).toBe(200);
    expect(await nonsense.text()).toBe(MAIN_JS);
  });

  it('applies the build headers: security headers everywhere, a year for hashed assets, revalidation for pages', async () => {
    const asset = await fetch(`${server.url}/assets/js/main.0123abcd.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const page = await fetch(`${server.url}/docs`);
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect((await fetch(`${server.url}/llms.txt`)).headers.get('content-type')).toBe(
      'text/plain; charset=utf-8',
    );
  });

  it('answers a revalidation with 304 while the file is unchanged', async () => {
    const first = await fetch(`${server.url}/docs`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/docs`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBeTruthy();
  });

  it('answers HEAD without a body', async () => {
    const response = await fetch(`${server.url}/docs`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('returns 404 with the not-found page and the security headers, never cached', async () => {
    const response = await fetch(`${server.url}/assets/js/missing.js`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404.html');
    expect(response.headers.get('content-security-policy')).toBeTruthy();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

/** A raw connection to `server`, with what it received and a promise of its closing. */
function connect(target: RunningServer) {
  const { port } = new URL(target.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {}); // a reset is one way the server closes it
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => socket.once('data', resolve));
  };
  return { socket, closed, connected, received: () => received, until };
}

// A server that never closes these connections fails after 20 s instead of the suite's two minutes.
describe('connection limits', { timeout: 20_000 }, () => {
  let limited: RunningServer;
  beforeAll(async () => {
    limited = await startServer({
      root,
      limits: { headersTimeoutMs: 200, requestTimeoutMs: 400, keepAliveTimeoutMs: 100, total: 2 },
    });
  });
  afterAll(() => limited.close());

  it('applies the default limits to the server: seconds, not a minute, and caps on connections', () => {
    const { headersTimeout, requestTimeout, keepAliveTimeout } = server.server;
    expect(headersTimeout).toBe(CONNECTION_LIMITS.headersTimeoutMs);
    expect(headersTimeout).toBeLessThanOrEqual(10_000);
    expect(requestTimeout).toBeLessThanOrEqual(15_000);
    expect(keepAliveTimeout).toBeLessThanOrEqual(3_000);
    expect(server.guard.limits).toMatchObject({ perClient: 64, total: 512 });
  });

  it('closes a connection whose headers never end, with 408', async () => {
    const client = connect(limited);
    await client.connected;
    client.socket.write('GET /docs HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that sends nothing', async () => {
    const client = connect(limited);
    await client.closed;
    expect(client.received()).not.toMatch(/ 200 /);
  });

  it('closes an idle keep-alive connection after its response', async () => {
    const client = connect(limited);
    client.socket.write('GET /llms.txt HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n');
    await client.until(() => client.received().endsWith('docs\n'));
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.received()).not.toMatch(/Connection: close/i);
    await client.closed;
  });

  it('closes connections beyond the cap as soon as they are accepted', async () => {
    // Long time-outs: the two connections must hold the cap however slowly the third one arrives.
    const capped = await startServer({
      root,
      limits: { headersTimeoutMs: 60_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 60_000, total: 2 },
    });
    const first = connect(capped);
    const second = connect(capped);
    // Both are accepted: each gets an answer and stays open (keep-alive).
    for (const client of [first, second]) {
      client.socket.write('HEAD /docs HTTP/1.1\r\nHost: x\r\n\r\n');
      await client.until(() => client.received().includes('\r\n\r\n'));
    }
    const third = connect(capped);
    third.socket.write('HEAD /docs HTTP/1.1\r\nHost: x\r\n\r\n');
    await third.closed;
    expect(third.received()).toBe('');
    first.socket.destroy();
    second.socket.destroy();
    await capped.close();
  });
});

describe('one client holding connections', { timeout: 30_000 }, () => {
  let guarded: RunningServer;
  // The default caps; only the header time-out is long, so that nothing but the caps closes a connection.
  beforeAll(async () => {
    guarded = await startServer({ root, limits: { headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 } });
  });
  afterAll(() => guarded.close());

  it('keeps at most its share open and serves another client meanwhile', async () => {
    const { perClient, total } = guarded.guard.limits;
    // More than the old global cap of 256, which one client could fill to lock everyone out.
    const count = 300;
    expect(count).toBeGreaterThan(256);
    expect(perClient).toBeLessThan(total / 4);
    const flood = await holdConnections(Number(new URL(guarded.url).port), count);
    try {
      await allTaken(guarded.server, flood);
      const page = await requestFrom(`${guarded.url}/llms.txt`, { from: OTHER });
      expect(page.status).toBe(200);
      expect(flood.closed()).toBe(count - perClient);
      expect(guarded.guard.openFrom(FLOODER)).toBe(perClient);
    } finally {
      flood.release();
    }
  });
});
