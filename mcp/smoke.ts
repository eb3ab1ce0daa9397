/**
 * `npm run smoke --workspace mcp [-- --build DIR]`: starts the server as it is deployed (`npm start`, Streamable
 * HTTP on a free port) and checks that it answers an MCP initialize and a search. Without --build it serves a
 * three-page fixture build, so it needs no site build: CI runs it on a fresh clone installed with
 * `npm ci --omit=dev --workspace mcp`, which proves the server installs and starts on its own.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeFixtureBuild } from './fixtureBuild';

/** Long enough for a cold start on a busy machine; only a server that hangs reaches it. */
const HANG_MS = 120_000;

async function rpc(url: string, id: number, method: string, params: Record<string, unknown>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} answered HTTP ${response.status}: ${text}`);
  return (JSON.parse(text) as { result: Record<string, unknown> }).result;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { build: { type: 'string' } } });
  const scratch = values.build ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-smoke-'));
  const buildDir = values.build
    ? path.resolve(process.env.INIT_CWD || process.cwd(), values.build)
    : writeFixtureBuild(scratch!);
  const server = spawn('npm', ['start', '--silent', '--', '--http', '--port', '0', '--build', buildDir], {
    cwd: __dirname,
    stdio: ['ignore', 'inherit', 'pipe'],
    detached: true,
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      setTimeout(() => reject(new Error(`no server after ${HANG_MS} ms:\n${stderr}`)), HANG_MS).unref();
      server.stderr!.on('data', (chunk) => {
        stderr += chunk;
        const started = /at (http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
        if (started) resolve(started);
      });
      server.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${stderr}`)));
    });
    const init = (await rpc(url, 1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'smoke', version: '1' },
    })) as { serverInfo: { name: string; version: string } };
    const search = (await rpc(url, 2, 'tools/call', {
      name: 'search_docs',
      arguments: { query: values.build ? 'customer' : 'partner center token' },
    })) as { content: { text: string }[]; isError?: boolean };
    if (search.isError || !/^Results 1/.test(search.content[0].text))
      throw new Error(`search_docs found nothing: ${search.content[0].text}`);
    console.log(
      `${init.serverInfo.name} ${init.serverInfo.version} answered initialize and search_docs at ${url}.`,
    );
  } finally {
    // npm starts the server in its own process group: end the group, not only npm.
    process.kill(-server.pid!, 'SIGTERM');
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`MCP smoke test failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
