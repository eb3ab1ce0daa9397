/**
 * The model: the messages sent to any OpenAI-compatible chat-completions API, and its answer read as a
 * stream of text pieces.
 */
import type { AskTurn } from '@services-manager-docs/core/ask/protocol';
import { sectionMarkdown } from '@services-manager-docs/core/ask/extractive';
import { readChatStream } from '@services-manager-docs/core/ask/stream';
import type { Sources } from './sources';

type Message = { role: 'system' | 'user' | 'assistant'; content: string };

export const SYSTEM_PROMPT = [
  'You answer questions about the Services Manager documentation.',
  'Answer only from the numbered documentation sources given in the question.',
  'Cite every statement with [n], where n is the number of the source it comes from; cite several sources as [1][2].',
  'If the sources do not answer the question, say plainly that the documentation does not cover it.',
  'Never invent settings, URLs, commands or steps that are not in the sources.',
  'Reply in Markdown, without raw HTML.',
].join(' ');

/**
 * Messages for the model: the system prompt, earlier turns, then the numbered sources and the question.
 * Each source is its section written whole (steps with their code, tables as tables), as the offline
 * engine reads it.
 */
export function buildMessages(question: string, sources: Sources, history: AskTurn[]): Message[] {
  const numbered = sources.map(
    (source) => `[${source.n}] ${source.title} — ${source.url}\n${sectionMarkdown(source)}`,
  );
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    ...history.flatMap((turn): Message[] => [
      { role: 'user', content: turn.question },
      { role: 'assistant', content: turn.answer },
    ]),
    { role: 'user', content: `Documentation sources:\n\n${numbered.join('\n\n')}\n\nQuestion: ${question}` },
  ];
}

/** A reader-facing message for a provider's HTTP error: a short status description, never its body. */
export function upstreamMessage(status: number): string {
  if (status === 401 || status === 403)
    return `Ask AI is not set up correctly: the answer service refused its credentials (HTTP ${status}).`;
  if (status >= 300 && status < 400)
    return `Ask AI is not set up correctly: the answer service redirected the request (HTTP ${status}).`;
  if (status === 429) return 'The answer service is busy right now (HTTP 429). Try again in a minute.';
  if (status >= 500) return `The answer service had a problem (HTTP ${status}). Try again later.`;
  return `The answer service could not answer this request (HTTP ${status}).`;
}

export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(upstreamMessage(status));
  }
}

export type Upstream = {
  baseUrl: string;
  apiKey: string;
  model: string;
  maxAnswerTokens: number;
  maxEventChars: number;
};

/** The most of an error body read from the provider: enough for the log, never a whole endless body. */
export const MAX_ERROR_BYTES = 4096;

/** The first `max` bytes of a body; the rest is not downloaded (the connection is cancelled). */
async function readStart(body: ReadableStream<Uint8Array> | null, max: number): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // A broken body: what arrived is enough.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

/**
 * The model's answer, piece by piece. `touch` is called on every byte received (keep-alive comments
 * too), so the caller's idle timeout measures silence. Throws UpstreamError on an HTTP error and
 * AskError on a broken stream; aborts with `signal`. Redirects are not followed: the key and the
 * question go to `baseUrl` only.
 */
export async function* streamAnswer(
  upstream: Upstream,
  messages: Message[],
  signal: AbortSignal,
  touch: () => void,
): AsyncGenerator<string> {
  const response = await fetch(`${upstream.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${upstream.apiKey}`,
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
    },
    body: JSON.stringify({
      model: upstream.model,
      stream: true,
      messages,
      temperature: 0.2,
      max_tokens: upstream.maxAnswerTokens,
    }),
    signal,
    redirect: 'manual',
  });
  if (!response.ok || !response.body) {
    const location = response.headers.get('location');
    const detail = await readStart(response.body, MAX_ERROR_BYTES);
    throw new UpstreamError(response.status, location ? `redirect to ${location} (not followed)` : detail);
  }
  touch();
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, stream) {
        touch();
        stream.enqueue(chunk);
      },
    }),
  );
  yield* readChatStream(body, { maxEventChars: upstream.maxEventChars });
}
