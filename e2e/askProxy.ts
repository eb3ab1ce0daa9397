/**
 * The configured Ask AI engine end to end: a stand-in for an OpenAI-compatible model, the real
 * `npm run ask-proxy` process in front of it, and a page of the production build pointed at that proxy
 * by request interception (the build that ships has no answer endpoint).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { BUILD_DIR, ROOT } from './harness';

export type ModelRequest = {
  messages: { role: string; content: string }[];
  /** Whether the proxy closed this request before its answer ended (it aborted). */
  closed: boolean;
};

/**
 * A chat-completions server that streams `answer` in small pieces. Markers in the question change it:
 * `FAIL` answers HTTP 500, `SILENT` never sends a byte, `HOLD` sends one piece then only keep-alive
 * comments, `GATE` holds the second half of the answer until `release()` (sending keep-alive comments).
 * Each marker is a word of the docs: the proxy's gate counts a word the docs lack against a question,
 * so a made-up marker could keep the question from ever reaching this server.
 */
export async function startFakeModel(answer: string) {
  const requests: ModelRequest[] = [];
  // Resolves the held answer's gate. The gate is made when the request arrives, so a release that comes
  // before the answer reaches its middle (the page may show the first half while pieces are still being
  // written) is not lost.
  let release: () => void = () => undefined;
  const pieces = answer.match(/[\s\S]{1,12}/g)!;
  const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (data: Buffer) => (body += data));
    req.on('end', async () => {
      const record: ModelRequest = { messages: JSON.parse(body).messages, closed: false };
      requests.push(record);
      res.on('close', () => (record.closed = !res.writableFinished));
      const question = record.messages.at(-1)!.content;
      if (question.includes('FAIL')) return void res.writeHead(500).end('{"error":{"message":"boom"}}');
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      if (question.includes('SILENT')) return;
      if (question.includes('HOLD')) {
        res.write(chunk('Looking this up'));
        const timer = setInterval(() => res.write(': still thinking\n\n'), 200);
        res.on('close', () => clearInterval(timer));
        return;
      }
      const gate = question.includes('GATE')
        ? new Promise<void>((resolve) => (release = resolve))
        : undefined;
      for (const [i, piece] of pieces.entries()) {
        if (gate && i === Math.floor(pieces.length / 2)) {
          // Held as a model that is still thinking: keep-alive comments, so the proxy's idle time-out
          // never ends the answer however long the page takes to show the first half.
          const timer = setInterval(() => res.write(': still thinking\n\n'), 200);
          await gate;
          clearInterval(timer);
        }
        res.write(chunk(piece));
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    release: () => release(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts `npm run ask-proxy` with `env` on an ephemeral port; resolves with its origin once it listens. */
export async function startAskProxy(env: Record<string, string>) {
  const child = spawn('npm', ['run', '--silent', 'ask-proxy'], {
    cwd: ROOT,
    env: { ...process.env, ASK_PORT: '0', ASK_HOST: '127.0.0.1', ASK_BUILD_DIR: BUILD_DIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  const origin = await new Promise<string>((resolve, reject) => {
    const read = (data: Buffer) => {
      output.push(data.toString());
      const match = /listening at (http:\/\/[\d.:]+)\/ask/.exec(output.join(''));
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`npm run ask-proxy exited (${code}):\n${output.join('')}`)));
  });
  return {
    origin,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        // npm, its shell and the proxy form one process group, started above.
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}

/**
 * Makes the page's Ask AI use the proxy at `proxyOrigin`, as a build with `DOCS_ASK_ENDPOINT` set would:
 * the main bundle (which holds the site config) is served with the endpoint set, and each page's
 * content security policy allows the proxy's origin in `connect-src`.
 */
export async function pointAtAskProxy(page: Page, proxyOrigin: string) {
  const dir = path.join(BUILD_DIR, 'assets', 'js');
  const main = fs.readdirSync(dir).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  if (!main) throw new Error(`No main bundle in ${dir}`);
  const source = fs.readFileSync(path.join(dir, main), 'utf8');
  const configured = source.split('ask:{');
  const endpoint = `endpoint:${JSON.stringify(`${proxyOrigin}/ask`)}`;
  const bundle = `${configured[0]}ask:{${endpoint}${configured[1].startsWith('}') ? '' : ','}${configured[1]}`;
  // A page fulfilled by interception has no address, so Chromium counts it as public and asks before it
  // reaches a loopback address (the proxy): the reader's answer to that prompt.
  await page.context().grantPermissions(['local-network-access']);
  await page.route(`**/assets/js/${main}`, (route) =>
    route.fulfill({ body: bundle, contentType: 'text/javascript; charset=utf-8' }),
  );
  await page.route(
    (url) => !url.pathname.includes('.') || url.pathname.endsWith('.html'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      const policy = headers['content-security-policy'] ?? '';
      if (!policy.includes("connect-src 'self'"))
        throw new Error(`The page's policy has no connect-src to extend: ${policy}`);
      headers['content-security-policy'] = policy.replace(
        "connect-src 'self'",
        `connect-src 'self' ${proxyOrigin}`,
      );
      await route.fulfill({ status: response.status(), headers, body: await response.body() });
    },
  );
}
