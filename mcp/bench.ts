/**
 * `npm run bench:mcp` (`npm run bench --workspace mcp`): the MCP server over HTTP on the production build, as deployed (search worker
 * threads, default limits), while one client keeps every slot of work busy with searches. Prints how
 * long `tools/list` takes for another client meanwhile (median, p95 and the slowest of many calls) and
 * the same without the flood. A benchmark: it prints figures and fails only when a request fails.
 */
import os from 'node:os';
import path from 'node:path';
import { quantile } from '@services-manager-docs/core/utils/stats';
import { LOOPBACK_HOSTS, LOOPBACK_ORIGINS } from './guards';
import { startHttp } from './http';
import { loadSite } from './site';

// npm runs a workspace's script in the workspace's folder: a relative build folder is read from where
// npm was started.
const buildDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? 'build');
const CALLS = Number(process.env.MCP_BENCH_CALLS ?? 200);
const MAX_CONCURRENT = 8;
/** Long queries of common words: each search ranks many sections. */
const QUERIES = [
  'how do I create a customer and assign user plans with billing rules',
  'request failed retry provisioning child requests connector queue',
  'workspace items lists roles members customer delivery',
  'partner center token subscription nightly sync report',
];

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

async function call(url: string, id: number, method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const body = await response.text();
  return { status: response.status, body };
}

/** Milliseconds of `count` tools/list calls, one after another. */
async function listTimes(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const { status } = await call(url, 10_000 + i, 'tools/list');
    if (status !== 200) throw new Error(`tools/list answered ${status}`);
    times.push(performance.now() - started);
  }
  return times;
}

const summary = (times: number[]) =>
  `median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms`;

async function main() {
  const site = await loadSite({ buildDir, origin: 'https://docs.example.com' });
  const server = await startHttp(site, 'bench', {
    host: '127.0.0.1',
    port: 0,
    allowedHosts: LOOPBACK_HOSTS,
    allowedOrigins: LOOPBACK_ORIGINS,
    rateLimit: 0,
    maxConcurrent: MAX_CONCURRENT,
    maxBodyBytes: 65_536,
    buildDir,
    searchWorkers: Math.max(1, os.availableParallelism() - 1),
  });
  try {
    const quiet = await listTimes(server.url, CALLS);
    // The flood: as many searches in progress as the server takes, each replaced when it ends.
    let flooding = true;
    let searches = 0;
    const floodLane = async (lane: number) => {
      for (let i = 0; flooding; i++) {
        const query = QUERIES[(lane + i) % QUERIES.length];
        const { status } = await call(server.url, lane * 100_000 + i, 'tools/call', {
          name: 'search_docs',
          arguments: { query },
        });
        if (status === 200) searches++;
        else if (status !== 503) throw new Error(`a search answered ${status}`);
      }
    };
    const lanes = Array.from({ length: MAX_CONCURRENT }, (_, lane) => floodLane(lane));
    const flooded = await listTimes(server.url, CALLS);
    flooding = false;
    await Promise.all(lanes);
    console.log(`MCP tools/list over HTTP, ${CALLS} calls each, ${os.availableParallelism()} cores:`);
    console.log(`  no other work:                          ${summary(quiet)}`);
    console.log(`  ${MAX_CONCURRENT} searches in progress at all times:  ${summary(flooded)}`);
    console.log(`  searches answered during the flood: ${searches}`);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
