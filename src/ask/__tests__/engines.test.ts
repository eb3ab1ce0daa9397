import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractiveEngine, remoteEngine } from '../engines';

const paragraph = (text: string) => ({ type: 'paragraph' as const, text });
const invoicesText =
  'Invoices are created on the billing day of each customer. Resellers review invoices before they are sent.';
const source = {
  url: '/docs/billing/invoices',
  title: 'Invoices',
  hierarchy: ['Billing', 'Invoices'],
  text: invoicesText,
  units: [paragraph(invoicesText)],
};
const input = { question: 'When are invoices created?', sources: [source], history: [] };
const sse = (...events: string[]) =>
  new Response(events.join(''), { headers: { 'Content-Type': 'text/event-stream' } });
const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

afterEach(() => vi.unstubAllGlobals());

describe('extractiveEngine', () => {
  it('shows the answer growing and ends with the cited answer', async () => {
    const seen: string[] = [];
    const answer = await extractiveEngine.answer(
      input,
      (text) => seen.push(text),
      new AbortController().signal,
    );
    expect(answer.answered).toBe(true);
    expect(answer.markdown).toContain('[1]');
    expect(seen.at(-1)).toBe(answer.markdown);
    expect(seen.length).toBeGreaterThan(1);
  });

  it('numbers the citations of the growing answer as the finished answer does, one source per page', async () => {
    const samePage = {
      ...source,
      hierarchy: ['Billing', 'Invoices', 'Review'],
      text: 'Invoices list one line per plan.',
      units: [paragraph('Invoices list one line per plan.')],
    };
    const cited: string[][] = [];
    const answer = await extractiveEngine.answer(
      { ...input, sources: [samePage, source] },
      (_, sources) => cited.push((sources ?? []).map((entry) => `${entry.n} ${entry.url}`)),
      new AbortController().signal,
    );
    const final = answer.sources.map((entry) => `${entry.n} ${entry.url}`);
    expect(final).toEqual(['1 /docs/billing/invoices']);
    for (const shown of cited) expect(shown).toEqual(final);
  });
});

describe('remoteEngine', () => {
  it('posts the question alone, streams the answer and takes the sources the proxy announced', async () => {
    const announced = {
      sources: [
        { n: 1, url: '/docs/billing/day', title: 'Billing day', hierarchy: ['Billing', 'Billing day'] },
      ],
    };
    const fetch = vi.fn(async () =>
      sse(
        `event: sources\ndata: ${JSON.stringify(announced)}\n\n`,
        chunk('Invoices are created '),
        chunk('on the billing day [1].'),
        'event: proof\ndata: {"proof":"signed-1"}\n\n',
        'data: [DONE]\n\n',
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const seen: string[] = [];
    const engine = remoteEngine('/ask');
    const answer = await engine.answer(input, (text) => seen.push(text), new AbortController().signal);
    expect(answer).toMatchObject({
      markdown: 'Invoices are created on the billing day [1].',
      answered: true,
      proof: 'signed-1',
    });
    expect(answer.sources).toEqual([{ ...announced.sources[0], text: '' }]);
    expect(seen).toEqual(['Invoices are created ', 'Invoices are created on the billing day [1].']);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ask');
    expect(JSON.parse(init.body as string)).toEqual({ question: input.question, history: [] });

    // The follow-up sends the earlier turn with the proof the proxy gave for it.
    const history = [{ question: input.question, answer: answer.markdown }];
    await engine.answer(
      { ...input, question: 'And resellers?', history },
      () => undefined,
      new AbortController().signal,
    );
    const [, next] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(next.body as string)).toEqual({
      question: 'And resellers?',
      history,
      proof: 'signed-1',
    });

    // Turns with no proof (another engine's, or from before a reload) are not sent.
    await remoteEngine('/ask').answer({ ...input, history }, () => undefined, new AbortController().signal);
    const [, alone] = fetch.mock.calls[2] as unknown as [string, RequestInit];
    expect(JSON.parse(alone.body as string)).toEqual({ question: input.question, history: [] });
  });

  it('uses its own sources when the proxy announces none or malformed ones', async () => {
    vi.stubGlobal('fetch', async () =>
      sse(
        'event: sources\ndata: {"sources":[{"n":1,"url":"javascript:x","title":"x"}]}\n\n',
        chunk('Yes [1].'),
        'data: [DONE]\n\n',
      ),
    );
    const answer = await remoteEngine('/ask').answer(input, () => undefined, new AbortController().signal);
    expect(answer.sources[0]).toMatchObject({ n: 1, url: source.url });
  });

  it('turns HTTP errors, rate limits and error events into messages for the reader', async () => {
    const engine = remoteEngine('/ask');
    const run = () => engine.answer(input, () => undefined, new AbortController().signal);
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { message: 'Question too long.' } }, { status: 400 }),
    );
    await expect(run()).rejects.toThrow('Question too long.');
    vi.stubGlobal('fetch', async () => new Response('', { status: 429 }));
    await expect(run()).rejects.toThrow(/Too many questions/);
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(run()).rejects.toThrow(/HTTP 502/);
    vi.stubGlobal('fetch', async () =>
      sse('event: error\ndata: {"error":{"message":"The model is unavailable."}}\n\n'),
    );
    await expect(run()).rejects.toThrow('The model is unavailable.');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(run()).rejects.toThrow(/could not be reached/);
    vi.stubGlobal('fetch', async () => sse('data: [DONE]\n\n'));
    await expect(run()).rejects.toThrow(/empty answer/);
  });

  /** A response that sends one piece, then nothing until the request is aborted. */
  const stalled = (_url: string, init: RequestInit) => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(chunk('Partial ')));
        init.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
      },
    });
    return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
  };

  it('gives up with a clear message when the stream stalls', async () => {
    vi.stubGlobal('fetch', stalled);
    const engine = remoteEngine('/ask', { totalMs: 5_000, idleMs: 50 });
    await expect(engine.answer(input, () => undefined, new AbortController().signal)).rejects.toThrow(
      /took too long/,
    );
  });

  it('stops when the reader closes the dialog', async () => {
    vi.stubGlobal('fetch', stalled);
    const controller = new AbortController();
    const pending = remoteEngine('/ask').answer(
      input,
      () => controller.abort(new Error('closed')),
      controller.signal,
    );
    await expect(pending).rejects.toThrow('closed');
  });
});
