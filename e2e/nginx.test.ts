/**
 * The build's `_nginx.conf` in a real nginx (Debian's package, installed by CI as Chromium is), serving
 * the production build on a free loopback port: the headers and content security policy of `_headers`
 * (hashes of exactly the inline scripts the pages hold), clean URLs, `.html` and `/index.html` redirects,
 * precompressed copies, the 404 page and status, dotfiles and host files refused, a page that hydrates
 * under that policy in Chromium, and the Ask AI and MCP locations passing the client's own address.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { headersFor, parseHeaders } from '../scripts/server';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/browser';
import { inlineScripts, scriptHash } from '../plugins/static-host/host';
import { NGINX_DEFAULTS } from '../plugins/static-host/nginx';
import { BUILD_DIR, openPage, until, visit } from './harness';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A stand-in for the Ask AI proxy or the MCP server: answers with the headers it was sent. */
async function echoServer() {
  const server = http.createServer((req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ url: req.url, headers: req.headers })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}` };
}

describe('the build behind nginx', { skip: !NGINX && !process.env.CI && 'nginx is not installed' }, () => {
  let dir: string;
  let origin: string;
  let nginx: ChildProcess | undefined;
  let browser: Browser | undefined;
  const upstreams: http.Server[] = [];
  const rules = parseHeaders(fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'));

  before(async () => {
    assert.ok(NGINX, "Install Debian's nginx package to run this test (CI installs it).");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
    // The site's root: the build's own files, linked, beside dotfiles that must never be served.
    const root = path.join(dir, 'site');
    fs.mkdirSync(root);
    for (const name of fs.readdirSync(BUILD_DIR))
      fs.symlinkSync(path.join(BUILD_DIR, name), path.join(root, name));
    fs.writeFileSync(path.join(root, '.env'), 'SECRET=do-not-serve\n');
    fs.mkdirSync(path.join(root, '.git'));
    fs.writeFileSync(path.join(root, '.git', 'config'), '[core]\n');

    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const [ask, mcp] = [await echoServer(), await echoServer()];
    upstreams.push(ask.server, mcp.server);
    // The build's configuration as an operator installs it, but for where this test puts things. Both
    // upstreams are replaced in one pass: one after the other, the Ask AI proxy's new address
    // (127.0.0.1:33331) could begin with the MCP server's default (127.0.0.1:3333) and be replaced again.
    const addresses: Record<string, string> = {
      [NGINX_DEFAULTS.askUpstream]: ask.url,
      [NGINX_DEFAULTS.mcpUpstream]: mcp.url,
    };
    const site = fs
      .readFileSync(path.join(BUILD_DIR, '_nginx.conf'), 'utf8')
      .replace(`root ${NGINX_DEFAULTS.root};`, `root ${root};`)
      .replace('listen 80;', `listen 127.0.0.1:${port};`)
      .replace('listen [::]:80;', '')
      .replace(
        new RegExp(
          Object.keys(addresses)
            .map((url) => url.replace(/[.:/]/g, '\\$&'))
            .join('|'),
          'g',
        ),
        (url) => addresses[url],
      );
    for (const expected of [root, `127.0.0.1:${port}`, ask.url, mcp.url])
      assert.ok(site.includes(expected), `_nginx.conf has no line to point at ${expected}`);
    fs.writeFileSync(path.join(dir, 'site.conf'), site);
    const temp = (name: string) => path.join(dir, name);
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        `user ${os.userInfo().username};`,
        'worker_processes 1;',
        `pid ${temp('nginx.pid')};`,
        `error_log ${temp('error.log')};`,
        'events { worker_connections 256; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (name) => `  ${name}_temp_path ${temp(name)};`,
        ),
        `  include ${temp('site.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const args = ['-p', dir, '-c', temp('nginx.conf'), '-e', temp('error.log')];
    const check = spawnSync(NGINX!, [...args, '-t'], { encoding: 'utf8' });
    assert.equal(check.status, 0, `nginx -t:\n${check.stderr}`);
    nginx = spawn(NGINX!, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    let exited = false;
    nginx.once('exit', () => (exited = true));
    await until(() => {
      if (exited) throw new Error(`nginx stopped:\n${stderr}`);
      return fs.existsSync(temp('nginx.pid'));
    });
    // Listening once it answers.
    let up = false;
    while (!up) {
      up = await get('/').then(
        () => true,
        () => false,
      );
      if (!up) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  after(async () => {
    await browser?.close();
    if (nginx && nginx.exitCode === null) {
      const stopped = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await stopped;
    }
    for (const server of upstreams) server.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function get(target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${origin}${target}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** The headers `_headers` gives a path, as npm run serve sends them: nginx must send the same. */
  function assertBuildHeaders(answer: Answer, sitePath: string, label: string) {
    for (const [name, value] of Object.entries(headersFor(rules, sitePath)))
      assert.equal(answer.headers[name.toLowerCase()], value, `${label}: ${name}`);
  }

  it('sends the headers and content security policy of _headers with every page and file', async () => {
    const home = await get('/');
    assert.equal(home.status, 200);
    assert.match(String(home.headers['content-type']), /^text\/html; charset=utf-8$/);
    assertBuildHeaders(home, '/', '/');
    assert.equal(home.headers['cache-control'], 'public, max-age=0, must-revalidate');
    assert.equal(home.headers.server, 'nginx');

    const script = fs
      .readdirSync(path.join(BUILD_DIR, 'assets', 'js'))
      .find((file) => /^main\..*\.js$/.test(file))!;
    const asset = await get(`/assets/js/${script}`);
    assert.equal(asset.status, 200);
    assertBuildHeaders(asset, `/assets/js/${script}`, script);
    assert.match(String(asset.headers['cache-control']), /immutable/);

    const worker = await get('/sw.js');
    if (fs.existsSync(path.join(BUILD_DIR, 'sw.js'))) {
      assertBuildHeaders(worker, '/sw.js', 'sw.js');
      assert.equal(worker.headers['service-worker-allowed'], '/');
    }
  });

  it('allows exactly the inline scripts of the pages it serves, by hash', async () => {
    for (const target of ['/', '/docs/concepts/introduction', '/search', '/docs/kb/kb00017']) {
      const page = await get(target);
      assert.equal(page.status, 200, target);
      const policy = String(page.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(policy)![1];
      const hashes = inlineScripts(page.body.toString('utf8')).map(scriptHash);
      assert.ok(hashes.length > 0, `${target} has inline scripts`);
      for (const hash of hashes) assert.ok(scriptSrc.includes(hash), `${target}: ${hash} is not allowed`);
    }
  });

  it('serves clean URLs and redirects .html and /index.html addresses to them, keeping the query', async () => {
    const file = fs.readFileSync(path.join(BUILD_DIR, 'docs/concepts/introduction/index.html'));
    for (const target of ['/docs/concepts/introduction', '/docs/concepts/introduction/']) {
      const page = await get(target);
      assert.equal(page.status, 200, target);
      assert.ok(page.body.equals(file), `${target} is the page`);
    }
    for (const [target, location] of [
      ['/index.html', '/'],
      ['/index.html?q=1', '/?q=1'],
      ['/docs/concepts/introduction/index.html', '/docs/concepts/introduction'],
      ['/docs/concepts/introduction.html?x=1', '/docs/concepts/introduction?x=1'],
      ['//evil.example/page.html', '/evil.example/page'],
    ]) {
      const answer = await get(target);
      assert.equal(answer.status, 301, target);
      assert.equal(answer.headers.location, location, target);
    }
    const twin = await get('/docs/kb/kb00017.md');
    assert.equal(twin.status, 200);
    assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8');
  });

  it('sends the precompressed copy to clients that accept it', async () => {
    const page = await get('/docs/concepts/introduction', { 'accept-encoding': 'gzip' });
    assert.equal(page.headers['content-encoding'], 'gzip');
    assert.match(String(page.headers.vary), /Accept-Encoding/i);
    assert.ok(
      page.body.equals(fs.readFileSync(path.join(BUILD_DIR, 'docs/concepts/introduction/index.html.gz'))),
    );
    assert.equal((await get('/docs/concepts/introduction')).headers['content-encoding'], undefined);
  });

  it('answers a missing page with the 404 page and status, never cached', async () => {
    const missing = await get('/docs/no-such-page');
    assert.equal(missing.status, 404);
    assert.ok(missing.body.equals(fs.readFileSync(path.join(BUILD_DIR, '404.html'))));
    assert.equal(missing.headers['cache-control'], 'no-store');
    assertBuildHeaders(missing, '/', '404');
  });

  it('refuses dotfiles, dot-folders and the host configuration files with 404', async () => {
    for (const target of ['/.env', '/.git/config', '/%2eenv', '/docs/../.env', '/_headers', '/_nginx.conf']) {
      const answer = await get(target);
      assert.equal(answer.status, 404, target);
      assert.doesNotMatch(
        answer.body.toString('utf8'),
        /SECRET|\[core\]|Content-Security-Policy|server_name/,
        target,
      );
    }
  });

  it('passes the Ask AI proxy and the MCP server the client address, never one the client wrote', async () => {
    for (const target of ['/ask', '/mcp']) {
      const answer = await get(target, { 'x-forwarded-for': '203.0.113.66' }, 'POST');
      assert.equal(answer.status, 200, target);
      const seen = JSON.parse(answer.body.toString('utf8')) as {
        url: string;
        headers: Record<string, string>;
      };
      assert.equal(seen.url, target);
      assert.equal(seen.headers['x-forwarded-for'], '127.0.0.1', target);
    }
  });

  it('serves a page that hydrates under its policy in Chromium, with no violation or error', async () => {
    browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
    const { page, problems } = await openPage({ url: origin, browser });
    await visit(page, `${origin}/docs/concepts/introduction`);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('billing');
    await page.getByRole('option').first().waitFor();
    const violations = problems.messages.filter((message) => /Content Security Policy/i.test(message.text()));
    assert.deepEqual(
      violations.map((message) => message.text()),
      [],
    );
    assert.deepEqual(problems.errors, []);
  });
});
