/**
 * `npm run smoke --workspace ask-proxy`: starts the proxy as it is deployed (`npm start`, on a free port,
 * over an empty search index, with no model behind it) and checks that it answers `/health`. It needs no
 * site build: CI runs it on a fresh clone installed with `npm ci --omit=dev --workspace ask-proxy`, which
 * proves the proxy installs and starts on its own.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Long enough for a cold start on a busy machine; only a proxy that hangs reaches it. */
const HANG_MS = 120_000;

async function main(): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-proxy-smoke-'));
  // An empty index is enough to start: every question would be refused as off-topic.
  fs.mkdirSync(path.join(scratch, 'search', 'smoke'), { recursive: true });
  fs.writeFileSync(path.join(scratch, 'search', 'smoke', 'base.json'), '{}');
  const proxy = spawn('npm', ['start', '--silent'], {
    cwd: __dirname,
    env: { ...process.env, ASK_API_KEY: 'smoke', ASK_PORT: '0', ASK_BUILD_DIR: scratch },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      setTimeout(() => reject(new Error(`no proxy after ${HANG_MS} ms:\n${output}`)), HANG_MS).unref();
      const read = (chunk: Buffer) => {
        output += chunk;
        const started = /listening at (http:\/\/\S+)\/ask/.exec(output)?.[1];
        if (started) resolve(started);
      };
      proxy.stdout!.on('data', read);
      proxy.stderr!.on('data', read);
      proxy.on('exit', (code) => reject(new Error(`the proxy exited with ${code}:\n${output}`)));
    });
    const health = await fetch(`${url}/health`);
    if (health.status !== 200) throw new Error(`/health answered HTTP ${health.status}`);
    console.log(`The Ask AI proxy answered /health at ${url}.`);
  } finally {
    // npm starts the proxy in its own process group: end the group, not only npm.
    process.kill(-proxy.pid!, 'SIGTERM');
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Ask AI proxy smoke test failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
