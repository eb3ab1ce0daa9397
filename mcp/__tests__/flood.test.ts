/**
 * The MCP server's HTTP transport flooded as one client on the internet would: connections held open
 * and sending nothing, and searches keeping every slot of work in progress busy. Another client must be
 * served meanwhile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  allTaken,
  holdConnections,
  OTHER,
  requestFrom,
  until,
} from '@services-manager-docs/core/net/__tests__/connections';
import { CONNECTION_DEFAULTS, startHttp, type HttpOptions, type RunningHttp } from '../http';
import { LOOPBACK_HOSTS, LOOPBACK_ORIGINS } from '../guards';
import { searchPool, type SearchPool } from '../searchPool';
import { loadSite, type Site } from '../site';
import { writeFixtureBuild } from './fixture';

let dir: string;
let buildDir: string;
let site: Site;
const running: RunningHttp[] = [];
const pools: SearchPool[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-flood-'));
  buildDir = writeFixtureBuild(path.join(dir, 'build'));
  site = await loadSite({ buildDir, origin: 'https://docs.example.com' });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function start(options: Partial<HttpOptions> = {}, over: Site = site) {
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
  return server;
}

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};
const call = (url: string, id: number, method: string, params: Record<string, unknown> = {}) =>
  requestFrom(url, {
    from: OTHER,
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
const searchDocs = (url: string, id: number, query: string) =>
  call(url, id, 'tools/call', { name: 'search_docs', arguments: { query } });

describe('one client flooding the MCP server', { timeout: 60_000 }, () => {
  it('keeps a client holding silent connections to its share of them, and answers another client', async () => {
    const server = await start();
    const { maxConnectionsPerClient, maxConnections } = CONNECTION_DEFAULTS;
    expect(maxConnectionsPerClient).toBeLessThan(maxConnections / 8);
    const flood = await holdConnections(Number(new URL(server.url).port), 300);
    try {
      await allTaken(server.server, flood);
      expect(flood.closed()).toBe(300 - maxConnectionsPerClient);
      const answer = await call(server.url, 1, 'tools/list');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).result.tools.map((tool: { name: string }) => tool.name)).toContain(
        'search_docs',
      );
      expect(flood.closed()).toBe(300 - maxConnectionsPerClient);
    } finally {
      flood.release();
    }
  });

  it('lists the tools while searches hold every slot of work and every search thread', async () => {
    // Each search holds its thread, as a long ranking does, until the gate opens.
    const gate = new SharedArrayBuffer(8);
    const flags = new Int32Array(gate);
    const pool = searchPool(buildDir, {
      workers: 2,
      module: path.join(__dirname, 'heldSearchThread.ts'),
      data: { gate },
    });
    pools.push(pool);
    const server = await start({ maxConcurrent: 4 }, { ...site, search: pool });
    const searches = ['customer', 'workspace', 'billing', 'token'].map((query, i) =>
      searchDocs(server.url, i + 1, query),
    );
    // Both threads are inside a search, the other two wait for them: four of four slots are taken.
    await until(() => Atomics.load(flags, 1) === 2 && pool.pending() === 4);
    expect((await searchDocs(server.url, 5, 'plans')).status).toBe(503);
    const listed = await call(server.url, 6, 'tools/list');
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body).result.tools.length).toBeGreaterThan(0);
    expect(
      (
        await call(server.url, 7, 'initialize', {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'test', version: '1' },
        })
      ).status,
    ).toBe(200);
    // Nothing was answered while the searches were held.
    expect(pool.pending()).toBe(4);
    Atomics.store(flags, 0, 1);
    Atomics.notify(flags, 0);
    for (const answer of await Promise.all(searches)) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).result.isError).toBeFalsy();
    }
  });

  it('searches in worker threads of its own when given the build', async () => {
    const server = await start({ buildDir, searchWorkers: 1 });
    const answer = await searchDocs(server.url, 1, 'partner center token');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).result.content[0].text).toContain(
      'https://docs.example.com/docs/kb/kb00001',
    );
  });
});
