/**
 * The MCP server (`npm run mcp`) over the production build, driven by the SDK's own client: over stdio as
 * an editor starts it, and over Streamable HTTP with its host, origin, body-size and rate limits.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { siteUrl } from '../site.links';
import { BUILD_DIR, ROOT } from './harness';

const MAIN = path.join(ROOT, 'mcp', 'main.ts');
const SERVER_ARGS = ['--import', 'tsx', MAIN, '--build', BUILD_DIR];

type Text = { isError?: boolean; text: string };

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Text> {
  const result = await client.callTool({ name, arguments: args });
  return {
    isError: result.isError as boolean | undefined,
    text: (result.content as { text: string }[])[0].text,
  };
}

describe('MCP server over stdio', () => {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  before(async () => {
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: SERVER_ARGS, cwd: ROOT, stderr: 'ignore' }),
    );
  });
  after(() => client.close());

  it('lists the five tools', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [
      'get_api_operation',
      'get_cmdlet',
      'list_kb_articles',
      'read_page',
      'search_docs',
    ]);
  });

  it('finds the knowledge-base article first, as the site does, and reads it', async () => {
    const search = await call(client, 'search_docs', { query: 'regenerate partner center token' });
    const first = /^1\. [\s\S]*?\n {3}(http\S+)/m.exec(search.text)?.[1];
    assert.equal(first, `${siteUrl}/docs/services/microsoftonline/kb/regenerate-partner-center-token`);
    const kb = await call(client, 'list_kb_articles', { area: 'Microsoft Online' });
    assert.match(kb.text, /\| Regenerate the Partner Center token \| Microsoft Online \|/);
    const page = await call(client, 'read_page', { url_or_path: first! });
    assert.equal(page.isError, undefined);
    assert.match(page.text, /^# Regenerate the Partner Center token$/m);
    assert.match(page.text, /^## Resolution$/m);
  });

  it('fetches addCustomerPlan with its reference and cmdlet', async () => {
    const op = await call(client, 'get_api_operation', { operation_id: 'addCustomerPlan' });
    assert.match(
      op.text,
      /^\*\*POST\*\* `\/customers\/\{customerId\}\/plans` · operation `addCustomerPlan` · Cortex cmdlet: `Add-SMCustomerPlan`/,
    );
    assert.match(op.text, /^## Responses$/m);
    assert.match(op.text, /^### 202 Accepted$/m);
    const cmdlet = await call(client, 'get_cmdlet', { name: 'add-smcustomerplan' });
    assert.match(cmdlet.text, /addCustomerPlan/);
  });

  it('answers an unknown page and a bad input with clear errors', async () => {
    const unknown = await call(client, 'read_page', { url_or_path: '/docs/kb/kb0017' });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /^No documentation page at "\/docs\/kb\/kb0017"\.\nClosest pages:/);
    assert.ok(unknown.text.includes(`(${siteUrl}/docs/kb/kb00017)`), unknown.text);
    const bad = await call(client, 'search_docs', { query: 'token', limit: 'all' });
    assert.equal(bad.isError, true);
    assert.match(bad.text, /Input validation error: Invalid arguments for tool search_docs/);
    assert.doesNotMatch(bad.text, /\n\s+at /);
  });

  it('serves pages as resources with their titles', async () => {
    const { resources } = await client.listResources();
    const kb = resources.find((resource) => resource.uri === 'docs://docs/kb/kb00017');
    assert.match(kb?.title ?? '', /^KB00017: /);
    const { contents } = await client.readResource({ uri: kb!.uri });
    assert.match((contents[0] as { text: string }).text, /^# KB00017: /m);
  });

  it('says which command to run when there is no build, and refuses a public bind', () => {
    const missing = spawnSync(
      process.execPath,
      ['--import', 'tsx', MAIN, '--build', path.join(ROOT, 'no-build')],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /No production build in .*no-build: run "npm run build" first/);
    const open = spawnSync(process.execPath, [...SERVER_ARGS, '--http', '--host', '0.0.0.0'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(open.status, 1);
    assert.match(open.stderr, /Refusing to listen on 0\.0\.0\.0/);
  });
});

/** Starts the HTTP transport on a free port and resolves with its URL once it listens. */
function startHttp(extra: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...SERVER_ARGS, '--http', '--port', '0', ...extra], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)?.[1];
      if (url) resolve({ url, child });
    });
    child.on('exit', (code) => reject(new Error(`MCP server exited with ${code}: ${stderr}`)));
  });
}

/** A raw request, so headers a fetch client would not send (Host, Origin) can be set. */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: text }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('MCP server over Streamable HTTP', () => {
  let server: { url: string; child: ChildProcess };
  before(async () => {
    server = await startHttp(['--max-body-bytes', '4096']);
  });
  after(() => server?.child.kill());

  it('answers the SDK client', async () => {
    const client = new Client({ name: 'e2e-http', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      assert.equal((await client.listTools()).tools.length, 5);
      const search = await call(client, 'search_docs', { query: 'addCustomerPlan', limit: 1 });
      assert.match(search.text, /\/docs\/developer\/api\/reference\/add-customer-plan/);
    } finally {
      await client.close();
    }
  });

  it('accepts a loopback page origin and refuses another site, a foreign Host, a batch, GET and an oversized body', async () => {
    assert.equal((await post(server.url, { origin: 'http://localhost:3000' }, INITIALIZE)).status, 200);
    const origin = await post(server.url, { origin: 'https://attacker.example.net' }, INITIALIZE);
    assert.equal(origin.status, 403);
    assert.match(origin.body, /Origin not allowed/);
    const port = new URL(server.url).port;
    const host = await post(server.url, { host: `attacker.example.net:${port}` }, INITIALIZE);
    assert.equal(host.status, 403);
    assert.match(host.body, /Invalid Host: attacker\.example\.net/);
    const big = await post(
      server.url,
      {},
      JSON.stringify({ ...JSON.parse(INITIALIZE), padding: 'x'.repeat(5000) }),
    );
    assert.equal(big.status, 413);
    const malformed = await post(server.url, {}, '{"jsonrpc": "2.0", "method": ');
    assert.equal(malformed.status, 400);
    const batch = await post(server.url, {}, `[${INITIALIZE}]`);
    assert.equal(batch.status, 400);
    assert.match(batch.body, /not a batch/);
    const get = await fetch(server.url);
    assert.equal(get.status, 405);
    const notMcp = await fetch(server.url.replace('/mcp', '/other'), { method: 'POST' });
    assert.equal(notMcp.status, 404);
  });

  it('still answers after the refused requests', async () => {
    assert.equal((await post(server.url, {}, INITIALIZE)).status, 200);
  });

  it('limits each client to its requests per minute', async () => {
    const limited = await startHttp(['--rate-limit', '1']);
    try {
      assert.equal((await post(limited.url, {}, INITIALIZE)).status, 200);
      const refused = await post(limited.url, {}, INITIALIZE);
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers['retry-after']) >= 1);
    } finally {
      limited.child.kill();
    }
  });
});
