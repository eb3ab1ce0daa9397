import { describe, expect, it } from 'vitest';
import { AskError, createSseParser, readChatStream, type SseEvent } from '../stream';

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

/** A response body that delivers the given pieces one read at a time. */
function body(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      const next = pieces.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
}

async function read(pieces: string[]): Promise<string> {
  let text = '';
  for await (const part of readChatStream(body(pieces))) text += part;
  return text;
}

describe('createSseParser', () => {
  it('joins data lines, skips comments and reads event names, however the text is split', () => {
    const stream = 'event: note\r\ndata: one\r\ndata: two\r\n\r\n: keep-alive\n\ndata:three\n\n';
    for (const size of [1, 2, 3, 7, stream.length]) {
      const events: SseEvent[] = [];
      const parser = createSseParser((event) => events.push(event));
      for (let at = 0; at < stream.length; at += size) parser.push(stream.slice(at, at + size));
      parser.end();
      expect(events, `pieces of ${size}`).toEqual([
        { event: 'note', data: 'one\ntwo' },
        { event: 'message', data: 'three' },
      ]);
    }
  });

  it('keeps a last event that has no blank line after it', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    parser.push('data: [DONE]');
    parser.end();
    expect(events).toEqual([{ event: 'message', data: '[DONE]' }]);
  });
});

describe('readChatStream', () => {
  it('reads the answer from chunks split inside lines, JSON and multi-byte characters', async () => {
    const whole = chunk('Résumé ') + chunk('of [1] ✓') + 'data: [DONE]\n\n';
    const bytes = new TextEncoder().encode(whole);
    const reads: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += 5) reads.push(bytes.slice(at, at + 5));
    let text = '';
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = reads.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    for await (const part of readChatStream(stream)) text += part;
    expect(text).toBe('Résumé of [1] ✓');
  });

  it('stops at [DONE] and ignores anything after it', async () => {
    expect(await read([chunk('a'), 'data: [DONE]\n\n', chunk('never')])).toBe('a');
  });

  it('ignores role-only and empty deltas', async () => {
    const role = `data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}\n\n`;
    expect(await read([role, chunk(''), chunk('x'), 'data: [DONE]\n\n'])).toBe('x');
  });

  it('throws a readable error for a malformed chunk', async () => {
    await expect(read([chunk('a'), 'data: {"choices": [\n\n'])).rejects.toThrow(/could not be read/);
    await expect(read(['data: {"unexpected": true}\n\n'])).rejects.toBeInstanceOf(AskError);
  });

  it('throws the service message for an error event or error body', async () => {
    await expect(
      read(['event: error\ndata: {"error":{"message":"Rate limit reached."}}\n\n']),
    ).rejects.toThrow('Rate limit reached.');
    await expect(read(['data: {"error":"Model overloaded"}\n\n'])).rejects.toThrow('Model overloaded');
  });

  it('throws when the stream ends before [DONE]', async () => {
    await expect(read([chunk('partial')])).rejects.toThrow(/stopped before it was complete/);
  });
});
