/**
 * The Ask AI proxy: answers questions asked through the site with a language model, keeping the
 * model's key off the browser. The browser POSTs a question and the conversation's earlier turns
 * (with the proof the proxy gave for them) to `/ask`; the proxy retrieves the documentation sources
 * itself from the site's built search index, calls any OpenAI-compatible chat-completions API, and
 * streams the answer back (protocol in `src/ask/protocol.ts`).
 */
import http from 'node:http';
import { ASK_LIMITS, type AskRequest, type AskTurn } from '../src/ask/protocol';
import { AskError } from '../src/ask/stream';
import { searchBuild } from '../src/search/fromBuild';
import { bearerOf, conversationProof, sameSecret, verifyToken } from './auth';
import { settingsOf, type AskProxyOptions } from './config';
import { clientAddress, clientLimiter, globalBudget, tokensIn } from './limits';
import { redactor } from './redact';
import { refsOf, retriever, type Sources } from './sources';
import { buildMessages, streamAnswer, UpstreamError } from './upstream';

export type { AskProxyOptions } from './config';

const isString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;

/** The request body as an AskRequest, or a message saying what is wrong with it. */
export function parseAskRequest(value: unknown): AskRequest | string {
  const body = value as Partial<Record<keyof AskRequest, unknown>> | null;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'The body must be a JSON object.';
  const extra = Object.keys(body).filter((key) => !['question', 'history', 'proof'].includes(key));
  if (extra.length)
    return `Unknown field "${extra[0]}": send only "question", "history" and "proof" (the proxy finds the sources itself).`;
  const question = typeof body.question === 'string' ? body.question.trim() : '';
  if (!question || question.length > ASK_LIMITS.question)
    return `"question" must be a string of 1 to ${ASK_LIMITS.question} characters.`;
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
  if (body.proof !== undefined && !isString(body.proof, 200)) return '"proof" must be a string.';
  return {
    question,
    history: (history as AskTurn[]).map(({ question, answer }) => ({ question, answer })),
    ...(body.proof ? { proof: body.proof as string } : {}),
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

/** Reads a request body of up to `max` bytes within `timeoutMs`; throws a 413 or 408 otherwise. */
function readBody(req: http.IncomingMessage, max: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (error: HttpError) => {
      clearTimeout(timer);
      req.off('data', onData);
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new HttpError(408, `The request body did not arrive within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) fail(new HttpError(413, `The request body is larger than ${max} bytes.`));
      else chunks.push(chunk);
    };
    if (Number(req.headers['content-length']) > max)
      return fail(new HttpError(413, `The request body is larger than ${max} bytes.`));
    req.on('data', onData);
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', () => fail(new HttpError(400, 'The request was cut off.')));
    req.on('close', () => fail(new HttpError(400, 'The request was cut off.')));
  });
}

const TIMEOUT = 'The answer took too long. Try again, perhaps with a shorter question.';
const UNREACHABLE = 'The answer service could not be reached. Try again later.';
const INTERRUPTED = 'The answer service stopped with an error before the answer was complete. Try again.';
const UNPROVEN =
  'The earlier turns of this conversation could not be verified (they are not the ones this service answered). Start a new conversation.';
export const NO_SOURCES =
  'The documentation does not cover this question. Try rephrasing it with the words the documentation uses.';

const chunkOf = (text: string) => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`;
const eventOf = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

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
  const settings = settingsOf(options);
  const allowed = new Set(settings.allowedOrigins.map((origin) => origin.replace(/\/+$/, '')));
  const perClient = clientLimiter(settings.rateLimit);
  const global = globalBudget(settings);
  const clientOf = clientAddress(settings.trustedProxies);
  const proofs = conversationProof(settings.secret);
  const redact = redactor([settings.apiKey, settings.secret, settings.accessKey, settings.tokenSecret]);
  const log = (message: string) => settings.log(redact(`[ask-proxy] ${message}`));
  const upstream = { ...settings, maxEventChars: settings.maxUpstreamEventChars };
  let retrieve: ReturnType<typeof retriever> | undefined;
  // The index is opened on the first question, so the proxy starts (and says what is missing) at once.
  const sourcesFor = (question: string, previous: string) =>
    (retrieve ??= retriever(settings.search ?? searchBuild(settings.buildDir)))(question, previous);

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
    message: string,
    headers: Record<string, string> = {},
  ) => {
    res
      .writeHead(status, {
        ...headers,
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .end(JSON.stringify(status < 400 ? { ok: true } : { error: { message } }));
  };

  /** The client a request counts against: the token's subject in token mode, else its address. */
  const authorize = (req: http.IncomingMessage): { client: string } | { status: 401; message: string } => {
    const bearer = bearerOf(req.headers.authorization);
    if (settings.accessKey && !(bearer && sameSecret(bearer, settings.accessKey)))
      return { status: 401, message: 'Ask AI needs an access key.' };
    if (settings.tokenSecret) {
      const subject = bearer && verifyToken(settings.tokenSecret, bearer);
      if (!subject) return { status: 401, message: 'Sign in again to use Ask AI.' };
      return { client: `token:${subject}` };
    }
    return { client: clientOf(req) };
  };

  /** Streams the answer to one verified request. */
  async function answer(
    res: http.ServerResponse,
    request: AskRequest,
    sources: Sources,
    cors: Record<string, string>,
  ) {
    const history = request.history;
    const finish = async (text: string) => {
      await write(
        res,
        eventOf('proof', { proof: proofs.sign([...history, { question: request.question, answer: text }]) }),
      );
      res.end('data: [DONE]\n\n');
    };
    if (!sources.length) {
      res.writeHead(200, { ...cors, ...SSE_HEADERS });
      await write(res, eventOf('sources', { sources: [] }));
      await write(res, chunkOf(NO_SOURCES));
      return finish(NO_SOURCES);
    }
    const messages = buildMessages(request.question, sources, history);
    const reserved = tokensIn(messages.map((message) => message.content).join('')) + settings.maxAnswerTokens;
    const wait = global.reserve(reserved);
    if (wait) {
      log(`The global budget is spent; refusing answers for ${wait} s.`);
      return sendJson(
        res,
        503,
        `Ask AI has answered as many questions as it may for now. Try again in ${wait} seconds.`,
        {
          ...cors,
          'Retry-After': String(wait),
        },
      );
    }

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
      idle = setTimeout(() => stop('timeout'), settings.idleTimeoutMs);
    };
    // The reader left: stop paying for an answer nobody reads.
    res.on('close', () => {
      if (!res.writableFinished) stop('client');
    });
    // The status is chosen once the first piece of the answer arrives, so failures before it get one.
    const start = async () => {
      if (res.headersSent) return;
      res.writeHead(200, { ...cors, ...SSE_HEADERS });
      await write(res, eventOf('sources', { sources: refsOf(sources) }));
    };
    const fail = (status: number, message: string) => {
      if (!res.headersSent) res.writeHead(status, { ...cors, ...SSE_HEADERS });
      res.end(eventOf('error', { error: { message } }));
    };
    let text = '';
    touch();
    try {
      for await (const piece of streamAnswer(upstream, messages, controller.signal, touch)) {
        await start();
        text += piece;
        await write(res, chunkOf(piece));
      }
      await start();
      await finish(text);
    } catch (error) {
      if (stopped === 'client' || res.destroyed) return;
      if (stopped === 'timeout') return fail(504, TIMEOUT);
      if (error instanceof UpstreamError) {
        // Logged for the operator, shortened; the reader gets only the status.
        log(`The answer service answered HTTP ${error.status}: ${error.detail}`);
        return fail(502, error.message);
      }
      if (error instanceof AskError) {
        log(`The answer stream failed: ${error.message}`);
        return fail(502, INTERRUPTED);
      }
      log(`The answer service could not be reached: ${(error as Error).cause ?? error}`);
      fail(502, UNREACHABLE);
    } finally {
      clearTimeout(total);
      clearTimeout(idle);
      global.refund(
        Math.max(0, reserved - tokensIn(messages.map((message) => message.content).join('') + text)),
      );
    }
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const cors = corsFor(req.headers.origin);
    if (pathname === '/health') {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return sendJson(res, 405, 'Use GET.', { Allow: 'GET, HEAD' });
      return sendJson(res, 200, '', cors ?? {});
    }
    if (pathname !== '/ask') return sendJson(res, 404, 'Not found.', cors ?? {});
    if (!cors) return sendJson(res, 403, 'This origin may not use Ask AI.');
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          ...cors,
          'Access-Control-Allow-Methods': 'POST, OPTIONS',
          'Access-Control-Allow-Headers': 'Content-Type, Authorization',
          'Access-Control-Max-Age': '600',
        })
        .end();
      return;
    }
    if (req.method !== 'POST') return sendJson(res, 405, 'Use POST.', { ...cors, Allow: 'POST, OPTIONS' });

    const access = authorize(req);
    if ('status' in access) return sendJson(res, access.status, access.message, cors);
    const wait = perClient(access.client);
    if (wait) {
      const message = `Too many questions. Try again in ${wait} second${wait === 1 ? '' : 's'}.`;
      return sendJson(res, 429, message, { ...cors, 'Retry-After': String(wait) });
    }
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (type !== 'application/json')
      return sendJson(res, 415, 'Send the question as application/json.', cors);

    let value: unknown;
    try {
      value = JSON.parse(await readBody(req, settings.maxBodyBytes, settings.bodyTimeoutMs));
    } catch (error) {
      if (!(error instanceof HttpError))
        return sendJson(res, 400, 'The request body is not valid JSON.', cors);
      // The rest of an oversized or stalled body is not worth reading.
      if (error.status !== 400) res.setHeader('Connection', 'close');
      return sendJson(res, error.status, error.message, cors);
    }
    const request = parseAskRequest(value);
    if (typeof request === 'string') return sendJson(res, 400, request, cors);
    if (request.history.length && !proofs.verify(request.history, request.proof))
      return sendJson(res, 400, UNPROVEN, cors);
    let sources: Sources;
    try {
      sources = await sourcesFor(request.question, request.history.at(-1)?.question ?? '');
    } catch (error) {
      log(`Retrieval failed: ${(error as Error).message}`);
      return sendJson(res, 500, 'Ask AI cannot search the documentation right now.', cors);
    }
    await answer(res, request, sources, cors);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`Unexpected error: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, 'Ask AI failed unexpectedly.');
      else res.end();
    });
  });
  // Node's own limits for a request's headers and whole body, behind the body timeout above.
  server.headersTimeout = Math.min(settings.bodyTimeoutMs, 60_000);
  server.requestTimeout = settings.bodyTimeoutMs * 2;
  return server;
}
