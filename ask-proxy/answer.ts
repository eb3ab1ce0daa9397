/**
 * The answer side of the proxy: a verified question's answer streamed to the reader as server-sent
 * events (the sources first, then the model's text as it arrives, masked, then the proof of the
 * conversation), with the time-outs, the size cap and the refund of unused tokens; and the "not
 * covered" answer given without asking the model.
 */
import type http from 'node:http';
import type { AskRequest } from '@services-manager-docs/core/ask/protocol';
import { AskError } from '@services-manager-docs/core/ask/stream';
import type { conversationProof } from './auth';
import type { Settings } from './config';
import { tokensIn, type createLimits } from './limits';
import type { Redactor } from './redact';
import { refsOf, type Sources } from './sources';
import { buildMessages, streamAnswer, UpstreamError, type Upstream } from './upstream';

/** What answering needs of the proxy it runs in (./server.ts makes one per proxy). */
export type Answerer = {
  settings: Settings;
  proofs: ReturnType<typeof conversationProof>;
  limits: ReturnType<typeof createLimits>;
  /** Masks a secret the model echoes (the long ones only). */
  masked: Redactor;
  upstream: Upstream;
  /** A model that ignores `max_tokens` is cut here. */
  maxAnswerChars: number;
  log: (message: string) => void;
  /** Text from the model's service, ready for the log. */
  logged: (text: string) => string;
};

const TIMEOUT = 'The answer took too long. Try again, perhaps with a shorter question.';
const UNREACHABLE = 'The answer service could not be reached. Try again later.';
const INTERRUPTED = 'The answer service stopped with an error before the answer was complete. Try again.';
export const NO_SOURCES =
  'The documentation does not cover this question. Try rephrasing it with the words the documentation uses.';

const chunkOf = (text: string) => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`;
const eventOf = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
};

/** Writes, waiting for the socket to drain (or close) when its buffer is full. */
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

/** Ends the stream: the proof of the conversation with this answer, then the end marker. */
async function finish(proxy: Answerer, res: http.ServerResponse, request: AskRequest, text: string) {
  const turns = [...request.history, { question: request.question, answer: text }];
  await write(res, eventOf('proof', { proof: proxy.proofs.sign(turns) }));
  res.end('data: [DONE]\n\n');
}

/**
 * Streams the model's answer to one verified request. `reserved` tokens were taken from the client's
 * share and the global budgets; what the question, sources and answer did not use is given back.
 */
export async function answer(
  proxy: Answerer,
  res: http.ServerResponse,
  request: AskRequest,
  sources: Sources,
  cors: Record<string, string>,
  { reserved, client }: { reserved: number; client: string },
) {
  const { settings, log, logged } = proxy;
  const messages = buildMessages(request.question, sources, request.history);
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
  // What the reader gets, and what the proof signs: a secret the model echoes is masked.
  const mask = proxy.masked.stream();
  let text = '';
  let received = 0;
  touch();
  try {
    for await (const piece of streamAnswer(proxy.upstream, messages, controller.signal, touch)) {
      await start();
      received += piece.length;
      if (received > proxy.maxAnswerChars) {
        log(
          `The model's answer passed ${proxy.maxAnswerChars} characters despite max_tokens; it was cut there.`,
        );
        controller.abort();
        break;
      }
      const safe = mask.push(piece);
      text += safe;
      if (safe) await write(res, chunkOf(safe));
    }
    const rest = mask.end();
    text += rest;
    await start();
    if (rest) await write(res, chunkOf(rest));
    await finish(proxy, res, request, text);
  } catch (error) {
    if (stopped === 'client' || res.destroyed) return;
    if (stopped === 'timeout') return fail(504, TIMEOUT);
    if (error instanceof UpstreamError) {
      // Logged for the operator, shortened; the reader gets only the status.
      log(`The answer service answered HTTP ${error.status}: ${logged(error.detail)}`);
      return fail(502, error.message);
    }
    if (error instanceof AskError) {
      log(`The answer stream failed: ${logged(error.message)}`);
      return fail(502, INTERRUPTED);
    }
    log(`The answer service could not be reached: ${logged(String((error as Error).cause ?? error))}`);
    fail(502, UNREACHABLE);
  } finally {
    clearTimeout(total);
    clearTimeout(idle);
    const used = tokensIn(messages.map((message) => message.content).join('') + text);
    await proxy.limits
      .refund(Math.max(0, reserved - used), false, client)
      .catch((error: unknown) => log(`Could not give back unused tokens: ${(error as Error).message}`));
  }
}

/** Answers "not covered" without asking the model. */
export async function notCovered(
  proxy: Answerer,
  res: http.ServerResponse,
  request: AskRequest,
  cors: Record<string, string>,
) {
  res.writeHead(200, { ...cors, ...SSE_HEADERS });
  await write(res, eventOf('sources', { sources: [] }));
  await write(res, chunkOf(NO_SOURCES));
  await finish(proxy, res, request, NO_SOURCES);
}
