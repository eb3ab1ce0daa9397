import { describe, expect, it } from 'vitest';
import { AskError, readChatStream } from '../stream';

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

async function read(pieces: string[], events: [string, unknown][] = []): Promise<string> {
  let text = '';
  const onEvent = (name: string, data: unknown) => events.push([name, data]);
  for await (const part of readChatStream(body(pieces), { onEvent, maxEventChars: 1000 })) text += part;
  return text;
}

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

  it('reads CRLF and CR line ends, comments and named events, however the text is split', async () => {
    const stream =
      ': keep-alive\r\n\r\nevent: sources\r\ndata: {"sources":\r\ndata: []}\r\n\r\n' +
      chunk('one ').replace(/\n/g, '\r') +
      chunk('two') +
      'event: proof\ndata: {"proof":"p"}\n\ndata: [DONE]';
    for (const size of [1, 2, 3, 7, stream.length]) {
      const pieces: string[] = [];
      for (let at = 0; at < stream.length; at += size) pieces.push(stream.slice(at, at + size));
      const events: [string, unknown][] = [];
      expect(await read(pieces, events), `pieces of ${size}`).toBe('one two');
      expect(events).toEqual([
        ['sources', { sources: [] }],
        ['proof', { proof: 'p' }],
      ]);
    }
  });

  it('ends with a readable error on an event or line larger than the limit', async () => {
    await expect(read([chunk('a'), `data: ${'x'.repeat(600)}`, 'y'.repeat(600)])).rejects.toThrow(
      /too large/,
    );
    const lines = Array.from({ length: 30 }, () => `data: ${'x'.repeat(50)}\n`);
    await expect(read(lines)).rejects.toThrow(/too large/);
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
