/**
 * The Ask AI proxy's contract: it talks to a stand-in for an OpenAI-compatible chat-completions
 * endpoint and streams its answers back in the same format, read here with the browser's own parser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AskError, readChatStream } from '../../src/ask/stream';
import { askProxyOptionsFromEnv, createAskProxy, SYSTEM_PROMPT, type AskProxyOptions } from '../ask-proxy';

const KEY = 'test-key';
const PIECES = ['Failed tasks ', 'are retried ', 'three times [1]. ', 'Say "ok" ✓\nthen {wait} [2].'];
const SOURCES = [
  { url: '/docs/tasks/retries', title: 'Retries', text: 'Failed tasks are retried three times.' },
  { url: '/docs/tasks/backoff', title: 'Backoff', text: 'Retries wait longer each time.' },
];

type Seen = {
  body: { model: string; stream: boolean; temperature: number; messages: Message[] };
  closed: boolean;
};
type Message = { role: string; content: string };

const tick = (ms = 1) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds, polling briefly; fails the test if it never does. */
async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('Timed out waiting for a condition');
    await tick(5);
  }
}

// The stand-in for the model provider. Its behaviour follows a marker in the question.
const seen: Seen[] = [];
const upstream = http.createServer((req, res) => {
  if (req.headers.authorization !== `Bearer ${KEY}`) {
    res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":{"message":"bad key"}}');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    const record: Seen = { body: JSON.parse(Buffer.concat(chunks).toString('utf8')), closed: false };
    seen.push(record);
    res.on('close', () => (record.closed = true));
    const question = record.body.messages.at(-1)!.content;
    if (question.includes('ERROR')) {
      res
        .writeHead(500, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ error: { message: `internal failure while using ${KEY}` } }));
      return;
    }
    if (question.includes('SLOW')) {
      // Longer than the slow test's proxy waits; the proxy gives up first and closes the request.
      await until(() => record.closed, 2000).catch(() => undefined);
      if (!res.destroyed) res.writeHead(200).end('data: [DONE]\n\n');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const events = [
      { choices: [{ delta: { role: 'assistant' } }] },
      ...PIECES.map((content) => ({ choices: [{ delta: { content } }] })),
      { choices: [{ delta: {}, finish_reason: 'stop' }] },
    ].map((event) => `data: ${JSON.stringify(event)}\n\n`);
    if (question.includes('HANG')) {
      res.write(events[1]); // then never another byte
      return;
    }
    // Split every 7 bytes: through lines, JSON and even the UTF-8 bytes of "✓".
    const bytes = Buffer.from(`: keep-alive\n\n${events.join('')}data: [DONE]\n\n`);
    for (let i = 0; i < bytes.length; i += 7) {
      res.write(bytes.subarray(i, i + 7));
      await tick();
    }
    res.end();
  });
});

const servers: http.Server[] = [upstream];
const logs: string[] = [];

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let upstreamUrl: string;
const startProxy = (options: Partial<AskProxyOptions> = {}) =>
  listen(
    createAskProxy({
      apiKey: KEY,
      baseUrl: `${upstreamUrl}/v1`,
      model: 'test-model',
      rateLimit: 100,
      timeoutMs: 5000,
      log: (message) => logs.push(message),
      ...options,
    }),
  );

let proxy: string;
beforeAll(async () => {
  upstreamUrl = await listen(upstream);
  proxy = await startProxy();
});

afterAll(async () => {
  await Promise.all(
    servers.map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

const ask = (body: unknown, init: RequestInit = {}, url = proxy) =>
  fetch(`${url}/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });

/** The answer text of a proxy response, read as the browser reads it; rejects with its AskError. */
async function answerOf(response: Response): Promise<string> {
  let text = '';
  for await (const piece of readChatStream(response.body!)) text += piece;
  return text;
}

describe('ask proxy', () => {
  it('streams the answer back and sends the model the prompt, sources and question', async () => {
    const history = [{ question: 'What are tasks?', answer: 'Units of work [1].' }];
    const response = await ask({ question: 'How often are tasks retried?', sources: SOURCES, history });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const raw = await response.clone().text();
    expect(await answerOf(response)).toBe(PIECES.join(''));
    expect(raw).toMatch(/data: \[DONE\]\n\n$/);
    expect(raw).not.toContain(KEY);

    const { body } = seen.at(-1)!;
    expect(body).toMatchObject({ model: 'test-model', stream: true, temperature: 0.2 });
    const [system, ...rest] = body.messages;
    expect(system).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(system.content).toMatch(/only from the numbered documentation sources/);
    expect(system.content).toMatch(/\[n\]/);
    expect(system.content).toMatch(/documentation does not cover it/);
    expect(rest.slice(0, 2)).toEqual([
      { role: 'user', content: 'What are tasks?' },
      { role: 'assistant', content: 'Units of work [1].' },
    ]);
    expect(rest[2].role).toBe('user');
    expect(rest[2].content).toContain(
      '[1] Retries — /docs/tasks/retries\nFailed tasks are retried three times.',
    );
    expect(rest[2].content).toContain('[2] Backoff — /docs/tasks/backoff\nRetries wait longer each time.');
    expect(rest[2].content).toMatch(/How often are tasks retried\?$/);
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('turns an upstream error into a 502 with a clear message, without its body', async () => {
    const response = await ask({ question: 'ERROR please', sources: SOURCES });
    expect(response.status).toBe(502);
    const raw = await response.clone().text();
    expect(raw).toMatch(/^event: error\n/);
    expect(raw).not.toContain('internal failure');
    expect(raw).not.toContain(KEY);
    const error = await answerOf(response).catch((error: unknown) => error);
    expect(error).toBeInstanceOf(AskError);
    expect((error as AskError).message).toMatch(/answer service had a problem \(HTTP 500\)/);
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('gives up on a slow upstream with a 504', async () => {
    const slow = await startProxy({ timeoutMs: 300 });
    const response = await ask({ question: 'SLOW please', sources: SOURCES }, {}, slow);
    expect(response.status).toBe(504);
    await expect(answerOf(response)).rejects.toThrow(AskError);
    const again = await ask({ question: 'SLOW again', sources: SOURCES }, {}, slow);
    await expect(answerOf(again)).rejects.toThrow(/took too long/);
    await until(() =>
      seen.filter((record) => record.body.messages.at(-1)!.content.includes('SLOW')).every((r) => r.closed),
    );
  });

  it('rejects oversized, malformed and incomplete requests', async () => {
    const huge = await ask({ question: 'x', sources: [], padding: 'x'.repeat(40_000) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.message).toMatch(/larger than 32768 bytes/);

    // Sent in chunks without a Content-Length: cut off once over the limit.
    const encoder = new TextEncoder();
    const streamed = await ask('', {
      body: new ReadableStream({
        async start(controller) {
          controller.enqueue(encoder.encode('{"question":"x","padding":"'));
          for (let i = 0; i < 5; i++) controller.enqueue(encoder.encode('x'.repeat(10_000)));
          controller.enqueue(encoder.encode('"}'));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);

    const bad = await ask('{"question":');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/not valid JSON/);

    const missing = await ask({ sources: SOURCES });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toMatch(/"question"/);

    const tooMany = await ask({ question: 'x', sources: Array(7).fill(SOURCES[0]) });
    expect(tooMany.status).toBe(400);

    const text = await ask('question', { headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);

    expect((await fetch(`${proxy}/nope`)).status).toBe(404);
    const health = await fetch(`${proxy}/health`);
    expect(await health.json()).toEqual({ ok: true });
  });

  it('limits the answers per client', async () => {
    const limited = await startProxy({ rateLimit: 3 });
    for (let i = 0; i < 3; i++) {
      const response = await ask({ question: `question ${i}`, sources: SOURCES }, {}, limited);
      expect(await answerOf(response)).toBe(PIECES.join(''));
    }
    const response = await ask({ question: 'one more', sources: SOURCES }, {}, limited);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After');
    expect((await response.json()).error.message).toMatch(/Too many questions/);
  });

  it('aborts the upstream request when the reader leaves', async () => {
    const controller = new AbortController();
    const response = await ask({ question: 'HANG please', sources: SOURCES }, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('Failed tasks ');
    const record = seen.find((record) => record.body.messages.at(-1)!.content.includes('HANG'))!;
    expect(record.closed).toBe(false);
    controller.abort();
    await until(() => record.closed);
  });

  it('answers CORS preflights from allowed origins and needs an API key', async () => {
    const preflight = await fetch(`${proxy}/ask`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i);

    const stranger = await fetch(`${proxy}/ask`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    expect((await ask({ question: 'x' }, { headers: { Origin: 'https://evil.example' } })).status).toBe(403);

    expect(() => askProxyOptionsFromEnv({})).toThrow(/ASK_API_KEY/);
    expect(
      askProxyOptionsFromEnv({ ASK_API_KEY: 'k', ASK_ALLOWED_ORIGINS: '*, https://docs.example' }),
    ).toMatchObject({
      apiKey: 'k',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      port: 8787,
      host: '127.0.0.1',
      allowedOrigins: ['*', 'https://docs.example'],
      rateLimit: 10,
      timeoutMs: 60_000,
      maxBodyBytes: 32_768,
    });
    expect(askProxyOptionsFromEnv({ ASK_API_KEY: 'k' }).allowedOrigins).toEqual(['http://localhost:3000']);
    expect(() => askProxyOptionsFromEnv({ ASK_API_KEY: 'k', ASK_PORT: 'abc' })).toThrow(/ASK_PORT/);
  });
});
