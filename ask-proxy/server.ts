/**
 * The Ask AI proxy: answers questions asked through the site with a language model, keeping the
 * model's key off the browser. The browser POSTs a question and the conversation's earlier turns
 * (with the proof the proxy gave for them) to `/ask`; the proxy retrieves the documentation sources
 * itself from the site's built search index, calls any OpenAI-compatible chat-completions API, and
 * streams the answer back (protocol in `src/ask/protocol.ts`).
 */
import http from 'node:http';
import { ASK_LIMITS, type AskRequest, type AskTurn } from '@services-manager-docs/core/ask/protocol';
import { guardConnections } from '@services-manager-docs/core/net/guard';
import { searchBuild } from '@services-manager-docs/core/search/fromBuild';
import { answer, notCovered, type Answerer } from './answer';
import { bearerOf, conversationProof, sameSecret, verifyToken } from './auth';
import { settingsOf, type AskProxyOptions } from './config';
import { clientAddress, clientKey, createLimits, LimitStoreError, limitStore, tokensIn } from './limits';
import { oneLine, redactor } from './redact';
import { onTopic, retriever, sectionsFor, type Sources } from './sources';
import { SYSTEM_PROMPT } from './upstream';

export type { AskProxyOptions } from './config';
export { NO_SOURCES } from './answer';

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

const UNPROVEN =
  'The earlier turns of this conversation could not be verified (they are not the ones this service answered). Start a new conversation.';
const BUSY = 'Ask AI is answering many questions right now. Try again in a few seconds.';
const NO_LIMITS = 'Ask AI cannot check its limits right now. Try again later.';
const SHARE_SPENT = (wait: number) =>
  `You have asked as many questions as one reader may today. Try again in ${Math.ceil(wait / 3600)} hour${wait > 3600 ? 's' : ''}.`;

/** Too many searches are running and waiting already. */
class BusyError extends Error {}

/**
 * Runs at most `max` tasks at once and lets at most `waiting` more wait; beyond that a task is refused
 * with BusyError at once. A waiting task starts after pending I/O had its turn, so a burst of searches
 * (blocking work) cannot hold up other requests such as `/health` for long.
 */
function taskQueue(max: number, waiting: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active++;
    else if (queue.length >= waiting) throw new BusyError();
    else await new Promise<void>((resolve) => queue.push(resolve));
    try {
      return await task();
    } finally {
      const next = queue.shift();
      if (next) setImmediate(next);
      else active--;
    }
  };
}

/**
 * The most characters of sources an answer is given (selectSources' 6,000 characters of text, with
 * room for the numbered titles and URLs): reserved from the token budget before the search runs.
 */
const MAX_SOURCE_CHARS = 8000;
/** Shorter secrets are placeholders (`ASK_API_KEY=local` for a local model), not masked in answers. */
const MIN_MASKED_SECRET = 16;

/** CORS headers for the request's origin; null for an origin that is not allowed. */
function corsFor(allowed: Set<string>, origin: string | undefined): Record<string, string> | null {
  if (!origin) return {}; // Not a cross-origin browser request (curl, a server, the same origin).
  if (!allowed.has('*') && !allowed.has(origin)) return null;
  return {
    'Access-Control-Allow-Origin': allowed.has('*') ? '*' : origin,
    'Access-Control-Expose-Headers': 'Retry-After',
    Vary: 'Origin',
  };
}

function sendJson(
  res: http.ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  res
    .writeHead(status, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    .end(JSON.stringify(status < 400 ? { ok: true } : { error: { message } }));
}

/** The client a request counts against: the token's subject in token mode, else its address. */
function authorize(
  proxy: Proxy,
  req: http.IncomingMessage,
): { client: string } | { status: 401; message: string } {
  const { settings } = proxy;
  const bearer = bearerOf(req.headers.authorization);
  if (settings.accessKey && !(bearer && sameSecret(bearer, settings.accessKey)))
    return { status: 401, message: 'Ask AI needs an access key.' };
  if (settings.tokenSecret) {
    const subject = bearer && verifyToken(settings.tokenSecret, bearer);
    if (!subject) return { status: 401, message: 'Sign in again to use Ask AI.' };
    return { client: `token:${subject}` };
  }
  return { client: proxy.clientOf(req) };
}

/** The answer when the limits cannot be read (a Redis that is down): refuse, never answer unlimited. */
const refused =
  (proxy: Proxy, res: http.ServerResponse, cors: Record<string, string>) => (error: unknown) => {
    if (!(error instanceof LimitStoreError)) throw error;
    proxy.log(`The limits could not be checked: ${error.message}`);
    sendJson(res, 503, NO_LIMITS, { ...cors, 'Retry-After': '30' });
  };

/**
 * Routes a request and admits a question: CORS, the access key or token, the client's rate, the body
 * and the proof of its earlier turns; then ask() answers it.
 */
async function handle(proxy: Proxy, req: http.IncomingMessage, res: http.ServerResponse) {
  const { settings } = proxy;
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  const cors = corsFor(proxy.allowed, req.headers.origin);
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

  const access = authorize(proxy, req);
  if ('status' in access) return sendJson(res, access.status, access.message, cors);
  const client = clientKey(access.client);
  let wait: number;
  try {
    wait = await proxy.limits.client(client);
  } catch (error) {
    return refused(proxy, res, cors)(error);
  }
  if (wait) {
    const message = `Too many questions. Try again in ${wait} second${wait === 1 ? '' : 's'}.`;
    return sendJson(res, 429, message, { ...cors, 'Retry-After': String(wait) });
  }
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== 'application/json') return sendJson(res, 415, 'Send the question as application/json.', cors);

  let value: unknown;
  try {
    value = JSON.parse(await readBody(req, settings.maxBodyBytes, settings.bodyTimeoutMs));
  } catch (error) {
    if (!(error instanceof HttpError)) return sendJson(res, 400, 'The request body is not valid JSON.', cors);
    // The rest of an oversized or stalled body is not worth reading.
    if (error.status !== 400) res.setHeader('Connection', 'close');
    return sendJson(res, error.status, error.message, cors);
  }
  const request = parseAskRequest(value);
  if (typeof request === 'string') return sendJson(res, 400, request, cors);
  if (request.history.length && !proxy.proofs.verify(request.history, request.proof))
    return sendJson(
      res,
      400,
      proxy.proofs.expired(request.history, request.proof)
        ? `This conversation is older than ${Math.round(settings.proofTtlMs / 60_000)} minutes and cannot be continued. Start a new conversation.`
        : UNPROVEN,
      cors,
    );
  await ask(proxy, res, request, cors, client);
}

/**
 * Answers an admitted question: reserves its tokens from the client's share and the global budgets
 * (before the search, the blocking part: a spent budget costs nothing more), retrieves the sources,
 * refuses a question they do not cover, and otherwise streams the model's answer.
 */
async function ask(
  proxy: Proxy,
  res: http.ServerResponse,
  request: AskRequest,
  cors: Record<string, string>,
  client: string,
) {
  const { limits, log } = proxy;
  const asked = [
    SYSTEM_PROMPT,
    request.question,
    ...request.history.flatMap((turn) => [turn.question, turn.answer]),
  ];
  const reserved =
    tokensIn(asked.join('')) + Math.ceil(MAX_SOURCE_CHARS / 4) + proxy.settings.maxAnswerTokens;
  const giveBack = (shareToo: boolean) => limits.refund(reserved, shareToo, client).catch(() => undefined);
  // A client's share of the daily budgets first, so that a few clients cannot spend everyone's.
  let shareWait: number;
  try {
    shareWait = await limits.share(client, reserved);
  } catch (error) {
    return refused(proxy, res, cors)(error);
  }
  if (shareWait) {
    log(`A client has spent its share of the daily budget; refusing it for ${shareWait} s.`);
    return sendJson(res, 429, SHARE_SPENT(shareWait), { ...cors, 'Retry-After': String(shareWait) });
  }
  let budgetWait: number;
  try {
    budgetWait = await limits.reserve(reserved);
  } catch (error) {
    await giveBack(true);
    return refused(proxy, res, cors)(error);
  }
  if (budgetWait) {
    // Not this client's doing: its share is given back.
    await giveBack(true);
    log(`The global budget is spent; refusing answers for ${budgetWait} s.`);
    return sendJson(
      res,
      503,
      `Ask AI has answered as many questions as it may for now. Try again in ${budgetWait} seconds.`,
      { ...cors, 'Retry-After': String(budgetWait) },
    );
  }
  const previous = request.history.at(-1)?.question ?? '';
  let sources: Sources;
  let covered: boolean;
  try {
    ({ sources, covered } = await proxy.searches(async () => {
      const found = await proxy.sourcesFor(request.question, previous);
      return { sources: found, covered: onTopic(request.question, previous, found) };
    }));
  } catch (error) {
    await giveBack(true);
    if (error instanceof BusyError) {
      log('Too many questions at once; refusing one.');
      return sendJson(res, 503, BUSY, { ...cors, 'Retry-After': '5' });
    }
    log(`Retrieval failed: ${(error as Error).message}`);
    return sendJson(res, 500, 'Ask AI cannot search the documentation right now.', cors);
  }
  if (!covered) {
    // The question was searched, so it counts as an answer; the tokens are given back.
    await limits.refund(reserved, false, client).catch(() => undefined);
    return notCovered(proxy, res, request, cors);
  }
  await answer(proxy, res, request, sectionsFor(request.question, previous, sources), cors, {
    reserved,
    client,
  });
}

/** What the handlers of one proxy share: its settings, limits, proofs, log and retrieval. */
type Proxy = Answerer & {
  allowed: Set<string>;
  clientOf: (req: http.IncomingMessage) => string;
  searches: ReturnType<typeof taskQueue>;
  sourcesFor: (question: string, previous: string) => Promise<Sources>;
};

/** The proxy server (not yet listening). */
export function createAskProxy(options: AskProxyOptions): http.Server {
  const settings = settingsOf(options);
  const secrets = [
    settings.apiKey,
    settings.secret,
    settings.accessKey,
    settings.tokenSecret,
    settings.redisUrl && decodeURIComponent(new URL(settings.redisUrl).password),
  ];
  const redact = redactor(secrets);
  const log = (message: string) => settings.log(redact(`[ask-proxy] ${message}`));
  const redis = settings.redisUrl ? limitStore(settings.redisUrl, log) : undefined;
  let retrieve: ReturnType<typeof retriever> | undefined;
  const proxy: Proxy = {
    settings,
    allowed: new Set(settings.allowedOrigins.map((origin) => origin.replace(/\/+$/, ''))),
    clientOf: clientAddress(settings.trustedProxies),
    proofs: conversationProof(settings.secret, settings.proofTtlMs),
    masked: redactor(secrets.filter((secret) => secret && secret.length >= MIN_MASKED_SECRET)),
    log,
    // Text from the model's service, for the log: redacted before it is cut, on one line.
    logged: (text) => oneLine(redact.cut(text)).slice(0, 300),
    limits: createLimits(settings, redis),
    searches: taskQueue(settings.maxSearches, settings.maxQueuedSearches),
    // A model that ignores `max_tokens` is cut at twice the estimate of four characters a token.
    maxAnswerChars: settings.maxAnswerTokens * 8,
    upstream: { ...settings, maxEventChars: settings.maxUpstreamEventChars },
    // The index is opened on the first question, so the proxy starts (and says what is missing) at once.
    sourcesFor: (question, previous) =>
      (retrieve ??= retriever(settings.search ?? searchBuild(settings.buildDir)))(question, previous),
  };

  const server = http.createServer((req, res) => {
    handle(proxy, req, res).catch((error: unknown) => {
      log(`Unexpected error: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, 'Ask AI failed unexpectedly.');
      else res.end();
    });
  });
  server.on('close', () => redis?.disconnect());
  // The guard shared by the site's servers: connections per client (trusted reverse proxies count only
  // in the total) and in all, and Node's time-outs. A request's headers are a few hundred bytes; its
  // body has ASK_BODY_TIMEOUT_MS (answered 408 above), Node's request time-out is behind it. An answer
  // may be silent while the question waits for a search or the model thinks, up to the model's idle
  // time-out: the connection's own idle time-out is longer.
  const headersTimeoutMs = Math.min(settings.headersTimeoutMs, settings.bodyTimeoutMs);
  guardConnections(
    server,
    {
      perClient: settings.maxConnectionsPerClient,
      total: settings.maxConnections,
      headersTimeoutMs,
      requestTimeoutMs: Math.max(settings.bodyTimeoutMs * 2, headersTimeoutMs),
      keepAliveTimeoutMs: 5_000,
      maxRequestsPerSocket: 100,
      idleTimeoutMs: Math.max(30_000, settings.idleTimeoutMs + 10_000),
    },
    { trustedProxies: settings.trustedProxies, label: 'ASK_TRUSTED_PROXIES' },
  );
  return server;
}
