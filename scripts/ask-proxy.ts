/**
 * The Ask AI proxy: keeps the model's API key off the browser. The browser POSTs its question and the
 * documentation sections it retrieved to `/ask`; the proxy adds the system prompt, calls any
 * OpenAI-compatible chat-completions endpoint with streaming, and streams the answer back in the same
 * chat-completions SSE format, so one parser (`src/ask/stream.ts`) reads both streams.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Source } from '../src/ask/extractive';
import { AskError, readChatStream } from '../src/ask/stream';
import { ASK_LIMITS } from '../src/ask/protocol';

export type AskProxyOptions = {
  /** The model provider's API key. Sent upstream only; never logged, never sent to the browser. */
  apiKey: string;
  /** The provider's API root; the proxy POSTs to `${baseUrl}/chat/completions`. */
  baseUrl?: string;
  model?: string;
  /** Origins allowed to call the proxy from a browser (CORS); `*` allows any. */
  allowedOrigins?: string[];
  /** Answers per minute per client; 0 turns the limit off. */
  rateLimit?: number;
  /** Total time for an answer, from the request to the end of the stream. */
  timeoutMs?: number;
  /** Longest wait for data from the provider, before or during the stream. */
  idleTimeoutMs?: number;
  maxBodyBytes?: number;
  /** Key the rate limit on `X-Forwarded-For` (set this only behind a reverse proxy that sets it). */
  trustProxy?: boolean;
  /** Where the proxy reports problems; the key is redacted from everything passed to it. */
  log?: (message: string) => void;
};

export type AskSource = Pick<Source, 'url' | 'title' | 'text'>;
export type AskTurn = { question: string; answer: string };
export type AskRequest = { question: string; sources: AskSource[]; history: AskTurn[] };
type Message = { role: 'system' | 'user' | 'assistant'; content: string };

const DEFAULTS = {
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  allowedOrigins: ['http://localhost:3000'],
  rateLimit: 10,
  timeoutMs: 60_000,
  idleTimeoutMs: 20_000,
  maxBodyBytes: 32_768,
};

export const SYSTEM_PROMPT = [
  'You answer questions about the Services Manager documentation.',
  'Answer only from the numbered documentation sources given in the question.',
  'Cite every statement with [n], where n is the number of the source it comes from; cite several sources as [1][2].',
  'If the sources do not answer the question, say plainly that the documentation does not cover it.',
  'Never invent settings, URLs, commands or steps that are not in the sources.',
  'Reply in Markdown, without raw HTML.',
].join(' ');

/** Messages for the model: the system prompt, earlier turns, then the numbered sources and the question. */
export function buildMessages(request: AskRequest): Message[] {
  const sources = request.sources.length
    ? request.sources
        .map((source, i) => `[${i + 1}] ${source.title} — ${source.url}\n${source.text}`)
        .join('\n\n')
    : '(No documentation sources were found for this question.)';
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    ...request.history.flatMap((turn): Message[] => [
      { role: 'user', content: turn.question },
      { role: 'assistant', content: turn.answer },
    ]),
    { role: 'user', content: `Documentation sources:\n\n${sources}\n\nQuestion: ${request.question}` },
  ];
}

const isString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;

/** The request body as an AskRequest, or a message saying what is wrong with it. */
export function parseAskRequest(value: unknown): AskRequest | string {
  const body = value as { question?: unknown; sources?: unknown; history?: unknown } | null;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'The body must be a JSON object.';
  const question = typeof body.question === 'string' ? body.question.trim() : '';
  if (!question || question.length > ASK_LIMITS.question)
    return `"question" must be a string of 1 to ${ASK_LIMITS.question} characters.`;
  const sources = body.sources ?? [];
  if (!Array.isArray(sources) || sources.length > ASK_LIMITS.sources)
    return `"sources" must be an array of at most ${ASK_LIMITS.sources} sources.`;
  for (const source of sources as Partial<AskSource>[]) {
    if (
      !source ||
      !isString(source.url, ASK_LIMITS.url) ||
      !isString(source.title, ASK_LIMITS.title) ||
      typeof source.text !== 'string'
    )
      return `Each source must have a string "url", "title" and "text".`;
  }
  const valid = sources as AskSource[];
  if (valid.reduce((sum, source) => sum + source.text.length, 0) > ASK_LIMITS.sourcesText)
    return `The sources' text must total at most ${ASK_LIMITS.sourcesText} characters.`;
  const history = body.history ?? [];
  if (!Array.isArray(history) || history.length > ASK_LIMITS.turns)
    return `"history" must be an array of at most ${ASK_LIMITS.turns} turns.`;
  for (const turn of history as Partial<AskTurn>[]) {
    if (
      !turn ||
      !isString(turn.question, ASK_LIMITS.question) ||
      !isString(turn.answer, ASK_LIMITS.turnAnswer)
    )
      return `Each turn of "history" must have a "question" (at most ${ASK_LIMITS.question} characters) and an "answer" (at most ${ASK_LIMITS.turnAnswer}).`;
  }
  return {
    question,
    sources: valid.map(({ url, title, text }) => ({ url, title, text })),
    history: (history as AskTurn[]).map(({ question, answer }) => ({ question, answer })),
  };
}

/**
 * A sliding-window rate limit in memory: `check(key)` records an answer and returns 0, or returns the
 * seconds to wait when the key already had `limit` answers in the last minute. Clients idle for a whole
 * window are swept out, and the number of clients remembered is capped, so memory stays bounded.
 */
function createRateLimiter(limit: number, windowMs = 60_000, maxClients = 10_000) {
  const hits = new Map<string, number[]>();
  let swept = Date.now();
  return (key: string, now = Date.now()): number => {
    if (now - swept > windowMs) {
      for (const [client, times] of hits) if (times[times.length - 1] <= now - windowMs) hits.delete(client);
      swept = now;
    }
    const times = (hits.get(key) ?? []).filter((time) => time > now - windowMs);
    if (times.length >= limit) {
      hits.set(key, times);
      return Math.max(1, Math.ceil((times[0] + windowMs - now) / 1000));
    }
    times.push(now);
    // Re-inserted, so the Map stays ordered from least to most recently seen.
    hits.delete(key);
    hits.set(key, times);
    if (hits.size > maxClients) hits.delete(hits.keys().next().value!);
    return 0;
  };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a request body, up to `max` bytes; more throws a 413 as soon as the limit is crossed. */
function readBody(req: http.IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () => new HttpError(413, `The request body is larger than ${max} bytes.`);
    if (Number(req.headers['content-length']) > max) return reject(tooLarge());
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        // Stop collecting; Node discards whatever the client still sends once the 413 is out.
        req.off('data', onData);
        reject(tooLarge());
      } else chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('close', () => reject(new HttpError(400, 'The request was cut off.')));
  });
}

const TIMEOUT = 'The answer took too long. Try again, perhaps with a shorter question.';
const UNREACHABLE = 'The answer service could not be reached. Try again later.';
const INTERRUPTED = 'The answer service stopped with an error before the answer was complete. Try again.';

/** A reader-facing message for a provider's HTTP error: a short status description, never its body. */
function upstreamMessage(status: number): string {
  if (status === 401 || status === 403)
    return `Ask AI is not set up correctly: the answer service refused its credentials (HTTP ${status}).`;
  if (status === 429) return 'The answer service is busy right now (HTTP 429). Try again in a minute.';
  if (status >= 500) return `The answer service had a problem (HTTP ${status}). Try again later.`;
  return `The answer service could not answer this request (HTTP ${status}).`;
}

const chunkOf = (text: string) => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`;
const errorEventOf = (message: string) => `event: error\ndata: ${JSON.stringify({ error: { message } })}\n\n`;

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
};

/** Writes to the response, waiting while the client's connection is backed up. */
function write(res: http.ServerResponse, text: string): Promise<void> {
  if (res.write(text) || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** The proxy server (not yet listening). */
export function createAskProxy(options: AskProxyOptions): http.Server {
  if (!options.apiKey) throw new Error('The Ask AI proxy needs an API key.');
  const settings = { ...DEFAULTS, ...options };
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const allowed = new Set(settings.allowedOrigins.map((origin) => origin.replace(/\/+$/, '')));
  const idleTimeoutMs = Math.min(options.idleTimeoutMs ?? DEFAULTS.idleTimeoutMs, settings.timeoutMs);
  const rateLimited = settings.rateLimit > 0 ? createRateLimiter(settings.rateLimit) : () => 0;
  const redact = (text: string) => text.split(settings.apiKey).join('[redacted]');
  const log = (message: string) => (options.log ?? console.error)(redact(`[ask-proxy] ${message}`));

  /** CORS headers for the request's origin; null for an origin that is not allowed. */
  const corsFor = (origin: string | undefined): Record<string, string> | null => {
    if (!origin) return {}; // Not a cross-origin browser request (curl, a server, the same origin).
    if (!allowed.has('*') && !allowed.has(origin)) return null;
    return {
      'Access-Control-Allow-Origin': allowed.has('*') ? '*' : origin,
      'Access-Control-Expose-Headers': 'Retry-After',
      Vary: 'Origin',
    };
  };

  const sendJson = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res
      .writeHead(status, {
        ...headers,
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .end(JSON.stringify(body));
  };

  const clientOf = (req: http.IncomingMessage) => {
    const forwarded = settings.trustProxy ? String(req.headers['x-forwarded-for'] ?? '') : '';
    // The last address is the one our own reverse proxy added; earlier ones are the client's say-so.
    return forwarded.split(',').pop()?.trim() || req.socket.remoteAddress || 'unknown';
  };

  /** Streams the model's answer to one validated request. */
  async function answer(res: http.ServerResponse, request: AskRequest, cors: Record<string, string>) {
    const controller = new AbortController();
    let stopped: 'timeout' | 'client' | undefined;
    const stop = (why: 'timeout' | 'client') => {
      stopped ??= why;
      controller.abort();
    };
    const total = setTimeout(() => stop('timeout'), settings.timeoutMs);
    let idle: NodeJS.Timeout | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => stop('timeout'), idleTimeoutMs);
    };
    // The reader left: stop paying for an answer nobody reads.
    res.on('close', () => {
      if (!res.writableFinished) stop('client');
    });
    // The status is chosen once the first piece of the answer arrives, so failures before it get one.
    const start = () => {
      if (!res.headersSent) res.writeHead(200, { ...cors, ...SSE_HEADERS });
    };
    const fail = (status: number, message: string) => {
      if (!res.headersSent) res.writeHead(status, { ...cors, ...SSE_HEADERS });
      res.end(errorEventOf(message));
    };
    touch();
    try {
      let upstream: Response;
      try {
        upstream = await fetch(endpoint, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${settings.apiKey}`,
            'Content-Type': 'application/json',
            Accept: 'text/event-stream',
          },
          body: JSON.stringify({
            model: settings.model,
            stream: true,
            messages: buildMessages(request),
            temperature: 0.2,
          }),
          signal: controller.signal,
        });
      } catch (error) {
        if (stopped === 'client') return;
        if (stopped === 'timeout') return fail(504, TIMEOUT);
        log(`The answer service could not be reached: ${(error as Error).cause ?? error}`);
        return fail(502, UNREACHABLE);
      }
      if (!upstream.ok || !upstream.body) {
        // Logged for the operator, shortened; the reader gets only the status.
        const detail = await upstream.text().catch(() => '');
        log(`The answer service answered HTTP ${upstream.status}: ${detail.slice(0, 300)}`);
        return fail(502, upstreamMessage(upstream.status));
      }
      touch();
      // Any data from the provider, keep-alive comments included, resets the idle timeout.
      const body = upstream.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, stream) {
            touch();
            stream.enqueue(chunk);
          },
        }),
      );
      for await (const text of readChatStream(body)) {
        start();
        await write(res, chunkOf(text));
      }
      start();
      res.end('data: [DONE]\n\n');
    } catch (error) {
      if (stopped === 'client' || res.destroyed) return;
      if (stopped === 'timeout') return fail(504, TIMEOUT);
      log(`The answer stream failed: ${error instanceof AskError ? error.message : String(error)}`);
      fail(502, INTERRUPTED);
    } finally {
      clearTimeout(total);
      clearTimeout(idle);
    }
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const cors = corsFor(req.headers.origin);
    if (pathname === '/health') {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return sendJson(res, 405, { error: { message: 'Use GET.' } }, { Allow: 'GET, HEAD' });
      return sendJson(res, 200, { ok: true }, cors ?? {});
    }
    if (pathname !== '/ask') return sendJson(res, 404, { error: { message: 'Not found.' } }, cors ?? {});
    if (!cors) return sendJson(res, 403, { error: { message: 'This origin may not use Ask AI.' } });
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          ...cors,
          'Access-Control-Allow-Methods': 'POST, OPTIONS',
          'Access-Control-Allow-Headers': 'Content-Type',
          'Access-Control-Max-Age': '600',
        })
        .end();
      return;
    }
    if (req.method !== 'POST')
      return sendJson(res, 405, { error: { message: 'Use POST.' } }, { ...cors, Allow: 'POST, OPTIONS' });

    const wait = rateLimited(clientOf(req));
    if (wait) {
      const message = `Too many questions. Try again in ${wait} second${wait === 1 ? '' : 's'}.`;
      return sendJson(res, 429, { error: { message } }, { ...cors, 'Retry-After': String(wait) });
    }
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (type !== 'application/json')
      return sendJson(res, 415, { error: { message: 'Send the question as application/json.' } }, cors);

    let value: unknown;
    try {
      value = JSON.parse(await readBody(req, settings.maxBodyBytes));
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.status === 413) res.setHeader('Connection', 'close');
        return sendJson(res, error.status, { error: { message: error.message } }, cors);
      }
      return sendJson(res, 400, { error: { message: 'The request body is not valid JSON.' } }, cors);
    }
    const request = parseAskRequest(value);
    if (typeof request === 'string') return sendJson(res, 400, { error: { message: request } }, cors);
    await answer(res, request, cors);
  }

  return http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`Unexpected error: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: { message: 'Ask AI failed unexpectedly.' } });
      else res.end();
    });
  });
}

const numberFrom = (env: Record<string, string | undefined>, name: string, fallback: number) => {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${raw}".`);
  return value;
};

/** The proxy's settings from `ASK_*` environment variables; throws on a missing key or a bad value. */
export function askProxyOptionsFromEnv(
  env: Record<string, string | undefined> = process.env,
): AskProxyOptions & { port: number; host: string } {
  const apiKey = env.ASK_API_KEY?.trim();
  if (!apiKey) throw new Error('ASK_API_KEY is not set: set it to the API key of the answer service.');
  const baseUrl = env.ASK_BASE_URL?.trim() || DEFAULTS.baseUrl;
  if (!/^https?:\/\//.test(baseUrl) || !URL.canParse(baseUrl))
    throw new Error(`ASK_BASE_URL must be an http(s) URL, not "${baseUrl}".`);
  return {
    apiKey,
    baseUrl,
    model: env.ASK_MODEL?.trim() || DEFAULTS.model,
    port: numberFrom(env, 'ASK_PORT', 8787),
    host: env.ASK_HOST?.trim() || '127.0.0.1',
    allowedOrigins: env.ASK_ALLOWED_ORIGINS?.trim()
      ? env.ASK_ALLOWED_ORIGINS.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : DEFAULTS.allowedOrigins,
    rateLimit: numberFrom(env, 'ASK_RATE_LIMIT', DEFAULTS.rateLimit),
    timeoutMs: numberFrom(env, 'ASK_TIMEOUT_MS', DEFAULTS.timeoutMs),
    idleTimeoutMs: numberFrom(env, 'ASK_IDLE_TIMEOUT_MS', DEFAULTS.idleTimeoutMs),
    maxBodyBytes: numberFrom(env, 'ASK_MAX_BODY_BYTES', DEFAULTS.maxBodyBytes),
    trustProxy: /^(1|true|yes)$/i.test(env.ASK_TRUST_PROXY?.trim() ?? ''),
  };
}

// `npm run ask-proxy`: the proxy configured from the environment.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  let options: ReturnType<typeof askProxyOptionsFromEnv>;
  try {
    options = askProxyOptionsFromEnv();
  } catch (error) {
    console.error(`Ask AI proxy: ${(error as Error).message}`);
    process.exit(1);
  }
  const server = createAskProxy(options);
  server.listen(options.port, options.host, () => {
    const { port } = server.address() as AddressInfo;
    console.log(`Ask AI proxy for ${options.model} listening at http://${options.host}:${port}/ask`);
  });
}
