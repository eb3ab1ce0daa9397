import { describe, expect, it, vi } from 'vitest';
import { buildSearchFiles, CHUNK_SIZE, type SourceSection } from '../engine';
import { createLocalProvider } from '../local';

const sections: SourceSection[] = Array.from({ length: 40 }, (_, i) => ({
  url: `/docs/page-${i}`,
  hierarchy: ['Docs', `Page ${i}`],
  title: `Page ${i}`,
  heading: '',
  units: [
    {
      type: 'paragraph',
      text: i === 33 ? 'Configure the RabbitMQ virtual host.' : `Filler text number ${i} about billing.`,
    },
  ],
  docsTag: 'docs-default-current',
}));

function serve() {
  const files = buildSearchFiles(sections);
  const byPath: Record<string, unknown> = {
    'base.json': files.base,
    'sections.json': files.sections,
    'shards.json': Object.keys(files.shards),
    'suggestions.json': ['billing'],
    ...Object.fromEntries(
      Object.entries(files.shards).map(([shard, terms]) => [`shards/${shard}.json`, terms]),
    ),
    ...Object.fromEntries(files.texts.map((chunk, i) => [`texts/${i}.json`, chunk])),
  };
  return vi.fn(async (url: string) => {
    const file = url.replace('/idx/', '');
    return file in byPath
      ? new Response(JSON.stringify(byPath[file]))
      : new Response('missing', { status: 404 });
  });
}

describe('createLocalProvider', () => {
  it('downloads only the shards a query needs and returns hits with snippets', async () => {
    const fetcher = serve();
    const provider = createLocalProvider('/idx/', { fetcher });
    const result = await provider.search('rabbitmq');
    expect(result.ok && result.hits[0]).toMatchObject({
      url: '/docs/page-33',
      snippet: 'Configure the RabbitMQ virtual host.',
    });
    const shardsFetched = fetcher.mock.calls.map(([url]) => url).filter((url) => url.includes('/shards/'));
    expect(shardsFetched).toEqual(['/idx/shards/r.json']);
    expect(fetcher.mock.calls.map(([url]) => url)).toContain(
      `/idx/texts/${Math.floor(33 / CHUNK_SIZE)}.json`,
    );
  });

  it('gives a section its units and their text when asked for the text', async () => {
    const provider = createLocalProvider('/idx/', { fetcher: serve() });
    const plain = await provider.search('rabbitmq');
    expect(plain.ok && plain.hits[0].units).toBeUndefined();
    const result = await provider.search('rabbitmq', { withText: true });
    expect(result.ok && result.hits[0]).toMatchObject({
      text: 'Configure the RabbitMQ virtual host.',
      units: [{ type: 'paragraph', text: 'Configure the RabbitMQ virtual host.' }],
    });
  });

  it('downloads the rest of the index in the background only once a reader is about to type', async () => {
    vi.useFakeTimers();
    try {
      const fetcher = serve();
      const shardsFetched = () =>
        fetcher.mock.calls.map(([url]) => url).filter((url) => url.includes('/shards/'));
      const provider = createLocalProvider('/idx/', { fetcher });
      await provider.search('rabbitmq');
      await vi.runAllTimersAsync();
      expect(shardsFetched()).toEqual(['/idx/shards/r.json']);
      provider.warmUp!();
      await provider.search('rabbitmq virtual');
      await vi.runAllTimersAsync();
      expect(shardsFetched().length).toBeGreaterThan(2);
      expect(fetcher.mock.calls.map(([url]) => url)).toContain('/idx/texts/0.json');
    } finally {
      vi.useRealTimers();
    }
  });

  it('pages through results and counts them all', async () => {
    const provider = createLocalProvider('/idx/', { fetcher: serve() });
    const first = await provider.search('billing', { limit: 10 });
    const third = await provider.search('billing', { limit: 10, offset: 30 });
    expect(first.ok && first.total).toBe(39);
    expect(third.ok && third.hits.length).toBe(9);
  });

  it('reports an unreachable index as an error value and recovers on the next query', async () => {
    let fail = true;
    const working = serve();
    const provider = createLocalProvider('/idx/', {
      fetcher: async (url) => (fail ? Promise.reject(new TypeError('Failed to fetch')) : working(url)),
    });
    expect(await provider.search('billing')).toEqual({
      ok: false,
      query: 'billing',
      error: 'Failed to fetch',
    });
    fail = false;
    expect((await provider.search('billing')).ok).toBe(true);
  });

  it('answers an empty or symbol-only query with no hits', async () => {
    const provider = createLocalProvider('/idx/', { fetcher: serve() });
    expect(await provider.search('   ')).toEqual({ ok: true, query: '   ', hits: [], total: 0 });
    expect(await provider.search('<>{}')).toEqual({ ok: true, query: '<>{}', hits: [], total: 0 });
  });
});
