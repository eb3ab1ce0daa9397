import fs from 'node:fs';
import http from 'node:http';
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

  it('refuses forged Host headers (DNS rebinding) with the SDK, and pages of other origins', async () => {
    const url = await start();
    const port = new URL(url).port;
    for (const host of [
      `attacker.example.net:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `localhost@evil:${port}`,
    ]) {
      const answer = await post(url, INITIALIZE, { host });
      expect(answer.status, host).toBe(403);
      expect(JSON.parse(answer.body).error.message, host).toMatch(/^Invalid Host/);
    }
    expect((await post(url, INITIALIZE, { host: `LOCALHOST:${port}` })).status).toBe(200);
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

  it('refuses work beyond --max-concurrent with 503, and serves again once it is done', async () => {
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
    const busy = await post(url, INITIALIZE);
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(JSON.parse(busy.body).error.code).toBe(-32000);
    open();
    for (const answer of await Promise.all(pending)) expect(answer.status).toBe(200);
    expect((await post(url, INITIALIZE)).status).toBe(200);
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
