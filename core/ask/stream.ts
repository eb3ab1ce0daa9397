/**
 * Reading an OpenAI-compatible chat-completions stream (server-sent events, parsed by
 * `eventsource-parser`). The Ask AI proxy reads the model's stream with it, and the browser reads the
 * proxy's stream, which speaks the same protocol plus a few named events of its own.
 */
import { createParser } from 'eventsource-parser';

export class AskError extends Error {
  override name = 'AskError';
}

export type SseEvent = { event: string; data: string };

export type StreamPart = { text: string } | { done: true } | { event: string; data: unknown };

const MALFORMED = 'The answer service sent a reply that could not be read. Try again.';
const TOO_LARGE = 'The answer service sent a reply too large to read. Try again.';

/** The largest event (or line) read by default, in characters; larger ones end the stream. */
export const MAX_EVENT_CHARS = 256 * 1024;

/**
 * One event of a chat-completions stream: a piece of answer text, the end, a named event of the
 * proxy's own (`sources`, `proof`), or an error thrown.
 */
export function partOf(event: SseEvent): StreamPart {
  if (event.data.trim() === '[DONE]') return { done: true };
  let value: unknown;
  try {
    value = JSON.parse(event.data);
  } catch {
    throw new AskError(MALFORMED);
  }
  const body = value as {
    error?: { message?: unknown } | string;
    choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
  };
  if (event.event === 'error' || body?.error) {
    const message =
      typeof body?.error === 'string'
        ? body.error
        : typeof body?.error?.message === 'string'
          ? body.error.message
          : 'The answer service reported an error.';
    throw new AskError(message);
  }
  if (event.event !== 'message') return { event: event.event, data: value };
  if (!Array.isArray(body?.choices)) throw new AskError(MALFORMED);
  const content = body.choices[0]?.delta?.content;
  return { text: typeof content === 'string' ? content : '' };
}

export type ReadOptions = {
  /** Receives the stream's named events other than `error` (the proxy's `sources` and `proof`). */
  onEvent?: (name: string, data: unknown) => void;
  /** The largest event or unfinished line accepted, in characters. */
  maxEventChars?: number;
};

/**
 * The answer text of a chat-completions stream, piece by piece, from bytes split anywhere (inside a
 * line, a CRLF or a UTF-8 character). Ends at `[DONE]`; a stream that stops before it, a malformed
 * chunk, an oversized event or an error event throws an AskError with a message for the reader.
 */
export async function* readChatStream(
  body: ReadableStream<Uint8Array>,
  { onEvent, maxEventChars = MAX_EVENT_CHARS }: ReadOptions = {},
): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let tooLarge = false;
  const parser = createParser({
    onEvent: ({ event, data }) => events.push({ event: event ?? 'message', data }),
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') tooLarge = true;
    },
    maxBufferSize: maxEventChars,
  });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      // At the end, a last event without its blank line still counts.
      parser.feed(done ? `${decoder.decode()}\n\n` : decoder.decode(value, { stream: true }));
      if (tooLarge) throw new AskError(TOO_LARGE);
      while (events.length) {
        const part = partOf(events.shift()!);
        if ('done' in part) return;
        if ('event' in part) onEvent?.(part.event, part.data);
        else if (part.text) yield part.text;
      }
      if (done) throw new AskError('The answer stopped before it was complete. Try again.');
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
