/**
 * `npm run bench:load`: serves the production build with the project's server in a child process and
 * hits it from this one with autocannon, over loopback only, for a bounded time. Prints requests per
 * second and latency percentiles; exits non-zero on any error or non-2xx answer, since every path it
 * asks for exists.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(process.argv[2] ?? 'build');
const seconds = Number(process.env.LOAD_SECONDS ?? 10);

/** A mix of what readers fetch: pages, the main script, a search shard. */
function samplePaths(): string[] {
  const script = fs
    .readdirSync(path.join(root, 'assets', 'js'))
    .find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  const search = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .find((file) => file.startsWith('search') && file.endsWith('.json'));
  return [
    '/',
    '/docs',
    '/docs/concepts/introduction',
    '/docs/developer/api/reference/list-customers',
    '/docs/kb/kb00004',
    '/search?q=billing',
    ...(script ? [`/assets/js/${script}`] : []),
    ...(search ? [`/${search}`] : []),
  ];
}

async function main() {
  if (!fs.existsSync(path.join(root, 'index.html')))
    throw new Error(`No build in ${root}: run "npm run build" first.`);
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'server.ts'), root], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        const match = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
        if (match) resolve(match[1]);
      });
      server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    const paths = samplePaths();
    const result = await autocannon({
      url,
      connections: 20,
      duration: seconds,
      headers: { 'accept-encoding': 'br, gzip' },
      requests: paths.map((sitePath) => ({ method: 'GET', path: sitePath })),
    });
    console.log(`load: ${paths.length} paths, 20 connections, ${seconds} s, loopback`);
    console.log(`  requests/s: mean ${result.requests.average.toFixed(0)}, total ${result.requests.total}`);
    console.log(
      `  latency ms: p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, max ${result.latency.max}`,
    );
    console.log(`  throughput: ${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s`);
    console.log(`  errors: ${result.errors}, timeouts: ${result.timeouts}, non-2xx: ${result.non2xx}`);
    if (result.errors || result.timeouts || result.non2xx) process.exitCode = 1;
  } finally {
    server.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
