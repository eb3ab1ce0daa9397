import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHttp, type HttpOptions, type RunningHttp } from '../http';
import { LOOPBACK_HOSTS, LOOPBACK_ORIGINS } from '../guards';
import { loadSite, type Site } from '../site';
import { writeFixtureBuild } from './fixture';

let dir: string;
let site: Site;
const running: RunningHttp[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-http-'));
  site = await loadSite({
    buildDir: writeFixtureBuild(path.join(dir, 'build')),
    origin: 'https://docs.example.com',
  });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function start(options: Partial<HttpOptions> = {}, over: Site = site): Promise<string> {
  const server = await startHttp(over, '0.0.0', {
    host: '127.0.0.1',
    port: 0,
    allowedHosts: LOOPBACK_HOSTS,
    allowedOrigins: LOOPBACK_ORIGINS,
    rateLimit: 0,
    maxConcurrent: 8,
    maxBodyBytes: 65_536,
    ...options,
  });
  running.push(server);
  return server.url;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A raw request, so that Host and Origin can be anything. */
function request(url: string, body: string, headers: Record<string, string> = {}, method = 'POST') {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A request written byte for byte: its request line may be an absolute URI. */
function rawPost(url: string, target: string, host: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    socket.write(
      `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-11-25\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

const message = (id: number, method: string, params: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});
const INITIALIZE = message(1, 'initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'test', version: '1' },
});
const search = (id: number, query: string) =>
  message(id, 'tools/call', { name: 'search_docs', arguments: { query } });
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  request(url, JSON.stringify(body), { 'mcp-protocol-version': '2025-11-25', ...headers });

describe('HTTP transport', () => {
  it('initializes and searches', async () => {
    const url = await start();
    const init = await post(url, INITIALIZE);
    expect(init.status).toBe(200);
    expect(JSON.parse(init.body).result.serverInfo.name).toBe('services-manager-docs');
    const found = await post(url, search(2, 'partner center token'));
    expect(JSON.parse(found.body).result.content[0].text).toContain(
      'https://docs.example.com/docs/kb/kb00001',
    );
  });

  it('refuses forged Host headers (DNS rebinding), other spellings of loopback, and pages of other origins', async () => {
    const url = await start();
    const port = new URL(url).port;
    for (const host of [
      `attacker.example.net:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `localhost@evil:${port}`,
      // Numeric forms a URL parser reads as 127.0.0.1: not a name this server was given.
      `127.1:${port}`,
      `2130706433:${port}`,
      `0x7f000001:${port}`,
      `127.0.0.1:${port}:1`,
      `localhost.:${port}`,
    ]) {
      const answer = await post(url, INITIALIZE, { host });
      expect(answer.status, host).toBe(403);
      expect(JSON.parse(answer.body).error.message, host).toMatch(/^Invalid Host/);
    }
    expect((await post(url, INITIALIZE, { host: `LOCALHOST:${port}` })).status).toBe(200);
    expect((await post(url, INITIALIZE, { host: `[::1]:${port}` })).status).toBe(200);
    expect((await post(url, INITIALIZE, { host: 'localhost' })).status).toBe(200);
    // A request line naming another host wins over the Host header in HTTP: refused.
    for (const target of ['http://attacker.example.net/mcp', `http://127.1:${port}/mcp`, '//evil/mcp']) {
      const answer = await rawPost(url, target, `localhost:${port}`, JSON.stringify(INITIALIZE));
      expect(answer, target).toMatch(/^HTTP\/1\.1 403 /);
      expect(answer, target).toMatch(/Invalid Host/);
    }
    expect(await rawPost(url, '/mcp', '', JSON.stringify(INITIALIZE))).toMatch(/^HTTP\/1\.1 403 /);
    expect(await rawPost(url, '/mcp', `localhost:${port}`, JSON.stringify(INITIALIZE))).toMatch(
      /^HTTP\/1\.1 200 /,
    );
    for (const origin of ['https://attacker.example.net', 'http://localhost.attacker.example.net', 'null']) {
      const answer = await post(url, INITIALIZE, { origin });
      expect(answer.status, origin).toBe(403);
      expect(answer.body).toContain('Origin not allowed');
    }
    expect((await post(url, INITIALIZE, { origin: 'http://localhost:6274' })).status).toBe(200);
  });

  it('refuses a JSON-RPC batch (MCP 2025-06-18 removed them): one request cannot carry 100 searches', async () => {
    const url = await start({ rateLimit: 120 });
    const batch = Array.from({ length: 100 }, (_, i) => search(i + 1, 'customer workspace provisioning'));
    const answer = await post(url, batch);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error).toMatchObject({
      code: -32600,
      message: expect.stringMatching(/batch/),
    });
    expect((await post(url, [INITIALIZE])).status).toBe(400);
  });

  it('refuses requests over the rate limit with Retry-After until the minute is over', async () => {
    // Only the clock the limiter reads is fake: sockets and timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    try {
      const url = await start({ rateLimit: 2 });
      expect((await post(url, INITIALIZE)).status).toBe(200);
      expect((await post(url, INITIALIZE)).status).toBe(200);
      vi.setSystemTime(15_000);
      const refused = await post(url, INITIALIZE);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('45');
      vi.setSystemTime(60_000);
      expect((await post(url, INITIALIZE)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts each client by its address, reading X-Forwarded-For only from a trusted proxy', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    // Not trusted: what the client writes in the header is ignored, so all of this is one client.
    const direct = await start({ rateLimit: 2 });
    expect((await post(direct, INITIALIZE, from('203.0.113.1'))).status).toBe(200);
    expect((await post(direct, INITIALIZE, from('203.0.113.2'))).status).toBe(200);
    expect((await post(direct, INITIALIZE, from('203.0.113.3'))).status).toBe(429);
    // Behind a trusted reverse proxy (this test, on 127.0.0.1), the address it appends is the client.
    const behind = await start({ rateLimit: 2, trustedProxies: ['127.0.0.1'] });
    for (const claim of ['1.1.1.1', '2.2.2.2'])
      expect((await post(behind, INITIALIZE, from(`${claim}, 203.0.113.7`))).status).toBe(200);
    expect((await post(behind, INITIALIZE, from('3.3.3.3, 203.0.113.7'))).status).toBe(429);
    expect((await post(behind, INITIALIZE, from('203.0.113.8'))).status).toBe(200);
    // The same IPv4 client through NAT64 is the same client, and different ones are not one bucket.
    expect((await post(behind, INITIALIZE, from('64:ff9b::203.0.113.7'))).status).toBe(429);
    expect((await post(behind, INITIALIZE, from('64:ff9b::203.0.113.9'))).status).toBe(200);
  });

  it('refuses work beyond --max-concurrent with 503, lists meanwhile, and serves again once it is done', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let started = 0;
    let twoStarted!: () => void;
    const bothStarted = new Promise<void>((resolve) => (twoStarted = resolve));
    const slow: Site = {
      ...site,
      search: {
        ...site.search,
        search: async (query, options) => {
          if (++started === 2) twoStarted();
          await gate;
          return site.search.search(query, options);
        },
      },
    };
    const url = await start({ maxConcurrent: 2 }, slow);
    const pending = [post(url, search(1, 'customer')), post(url, search(2, 'workspace'))];
    await bothStarted;
    const busy = await post(url, search(3, 'billing'));
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(JSON.parse(busy.body).error.code).toBe(-32000);
    // The handshake and the lists cost nothing: they are not held up by the work in progress.
    expect((await post(url, INITIALIZE)).status).toBe(200);
    expect((await post(url, message(4, 'tools/list', {}))).status).toBe(200);
    expect(started).toBe(2);
    open();
    for (const answer of await Promise.all(pending)) expect(answer.status).toBe(200);
    expect((await post(url, search(5, 'billing'))).status).toBe(200);
  });

  it('answers bad requests with JSON-RPC errors and keeps serving', async () => {
    const url = await start({ maxBodyBytes: 1024 });
    const big = await post(url, { ...INITIALIZE, padding: 'x'.repeat(2000) });
    expect(big.status).toBe(413);
    const malformed = await request(url, '{"jsonrpc": "2.0", "method": ');
    expect([malformed.status, JSON.parse(malformed.body).error.code]).toEqual([400, -32700]);
    for (const body of [
      '42',
      '"x"',
      'null',
      '{}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}',
    ])
      expect((await request(url, body)).status, body).toBeLessThan(500);
    expect((await request(url, '{}', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await request(url, '', {}, 'GET')).status).toBe(405);
    expect((await request(url.replace('/mcp', '/other'), '{}')).status).toBe(404);
    expect((await post(url, INITIALIZE)).status).toBe(200);
  });
});
