/**
 * Reading an OpenAI-compatible chat-completions stream (server-sent events). The Ask AI proxy reads the
 * model's stream with it, and the browser reads the proxy's stream, which speaks the same protocol.
 */

export class AskError extends Error {
  override name = 'AskError';
}

export type SseEvent = { event: string; data: string };

/**
 * An incremental server-sent events parser: feed it text as it arrives, in chunks split anywhere (even
 * inside a line or a CRLF); it calls `onEvent` for each complete event.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  const line = (text: string) => {
    if (text === '') {
      if (data.length) onEvent({ event: event || 'message', data: data.join('\n') });
      data = [];
      event = '';
      return;
    }
    if (text.startsWith(':')) return; // a comment, used as a keep-alive
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) !== -1) {
        // A lone CR at the very end may be the first half of a CRLF still to come.
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        const size = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + size);
      }
    },
    /** The stream ended: a last event without its blank line still counts. */
    end() {
      if (buffer) line(buffer.replace(/\r$/, ''));
      buffer = '';
      line('');
    },
  };
}

export type StreamPart = { text: string } | { done: true };

const MALFORMED = 'The answer service sent a reply that could not be read. Try again.';

/** One event of a chat-completions stream: a piece of answer text, the end, or an error thrown. */
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
  if (!Array.isArray(body?.choices)) throw new AskError(MALFORMED);
  const content = body.choices[0]?.delta?.content;
  return { text: typeof content === 'string' ? content : '' };
}

/**
 * The answer text of a chat-completions stream, piece by piece. Ends at `[DONE]`; a stream that stops
 * before it, a malformed chunk or an error event throws an AskError with a message for the reader.
 */
export async function* readChatStream(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) parser.end();
      else parser.push(decoder.decode(value, { stream: true }));
      while (events.length) {
        const part = partOf(events.shift()!);
        if ('done' in part) return;
        if (part.text) yield part.text;
      }
      if (done) throw new AskError('The answer stopped before it was complete. Try again.');
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
