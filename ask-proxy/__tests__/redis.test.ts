/**
 * Two proxy instances counting in one real Redis share the per-client limit and the global budget, as
 * instances behind a load balancer must; two counting in memory do not. Skipped, with a message, where
 * redis-server is not installed; under CI a missing redis-server fails the run instead.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchProvider } from '@services-manager-docs/core/search/types';
import { Redis } from 'ioredis';
import { warnWithoutPersistence } from '../limits';
import { createAskProxy, type AskProxyOptions } from '../server';

const inCI = /^(1|true)$/i.test(process.env.CI ?? '');
const installed = spawnSync('redis-server', ['--version']).status === 0;
if (!installed && !inCI)
  console.warn(
    'ask-proxy: skipping the shared-limits test, redis-server is not installed (apt-get install redis-server).',
  );

const search: SearchProvider = {
  name: 'local',
  async search(query) {
    const text = 'Failed tasks are retried three times.';
    const hits = [{ id: '0', url: '/docs/tasks/retries', hierarchy: ['Tasks', 'Retries'], text }].map(
      (hit) => ({ ...hit, snippet: text, highlights: [], titleHighlights: [] }),
    );
    return { ok: true, query, hits, total: 1 };
  },
  suggestions: async () => [],
};

const servers: http.Server[] = [];
async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A free loopback port for redis-server. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe.skipIf(!installed && !inCI)('limits shared through Redis', () => {
  let redis: ChildProcess | undefined;
  let redisUrl: string;
  let redisDir: string;
  let model: string;

  beforeAll(async () => {
    if (!installed)
      throw new Error(
        "redis-server is not installed: the CI run needs it for this test (.ci/run installs Debian's redis-server).",
      );
    const port = await freePort();
    redisDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-proxy-redis-'));
    redisUrl = `redis://127.0.0.1:${port}`;
    const child = spawn(
      'redis-server',
      // Its own folder: the persistence test turns the append-only file on for a moment.
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    redis = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (data: Buffer) => {
        output += data;
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
    });
    model = await listen(
      http.createServer((req, res) => {
        req.resume().on('end', () => {
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          res.end(
            `data: ${JSON.stringify({ choices: [{ delta: { content: 'Three times [1].' } }] })}\n\ndata: [DONE]\n\n`,
          );
        });
      }),
    );
  });

  afterAll(async () => {
    await Promise.all(
      servers.map((server) => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      }),
    );
    redis?.kill();
    fs.rmSync(redisDir, { recursive: true, force: true });
  });

  const instance = (options: Partial<AskProxyOptions>) =>
    listen(
      createAskProxy({
        apiKey: 'sk-test-key-0123456789abcdef',
        baseUrl: `${model}/v1`,
        search,
        secret: 'a-secret-for-signing-conversations-0123456789',
        rateLimit: 2,
        globalPerMinute: 3,
        trustedProxies: ['127.0.0.1'],
        log: () => undefined,
        ...options,
      }),
    );

  /** Asks `proxy` as the client `address` (our trusted reverse proxy forwards it); the status. */
  const ask = async (proxy: string, address: string) => {
    const response = await fetch(`${proxy}/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ question: 'How often are tasks retried?' }),
    });
    await response.text();
    return response.status;
  };

  /** Questions alternating between two instances: two from one client, then others. */
  const sequence = async (a: string, b: string) => [
    await ask(a, '203.0.113.1'),
    await ask(b, '203.0.113.1'),
    await ask(a, '203.0.113.1'),
    await ask(b, '203.0.113.2'),
    await ask(a, '203.0.113.3'),
  ];

  it('gives two instances one per-client limit and one global budget', async () => {
    const [a, b] = [await instance({ redisUrl }), await instance({ redisUrl })];
    // The client's third question is over its limit of 2 on either instance; the fourth answer of
    // all clients together is over the global 3.
    expect(await sequence(a, b)).toEqual([200, 200, 429, 200, 503]);
  });

  it('counts separately in each instance without Redis (what the shared store fixes)', async () => {
    const [a, b] = [await instance({}), await instance({})];
    expect(await sequence(a, b)).toEqual([200, 200, 200, 200, 200]);
  });

  it('warns when Redis keeps its counts only in memory, and not once it writes them to disk', async () => {
    // This redis-server runs with --save '' --appendonly no: a restart would reset every count.
    const redis = new Redis(redisUrl);
    try {
      const warnings: string[] = [];
      await warnWithoutPersistence(redis, (message) => warnings.push(message));
      expect(warnings).toEqual([
        expect.stringMatching(/restart of Redis resets every limit.*appendonly yes/),
      ]);
      await redis.config('SET', 'appendonly', 'yes');
      await warnWithoutPersistence(redis, (message) => warnings.push(message));
      expect(warnings).toHaveLength(1);
    } finally {
      await redis.config('SET', 'appendonly', 'no').catch(() => undefined);
      redis.disconnect();
    }
  });
});
