import { describe, expect, it, vi } from 'vitest';
import { createAlgoliaProvider, parseMarked, toSiteUrl } from '../algolia';

const settings = {
  appId: 'APPID',
  apiKey: 'search-only-key',
  indexName: 'services-manager',
  externalUrlRegex: '^https://docs\\.example\\.com/',
  replaceSearchResultPathname: { from: '/current/', to: '/docs/' },
};
const origin = 'http://localhost:3000';

describe('toSiteUrl', () => {
  it('turns a matching external URL into a local path with the configured rewrite', () => {
    expect(toSiteUrl('https://docs.example.com/current/kb/kb00017#cause', settings, origin)).toBe(
      '/docs/kb/kb00017#cause',
    );
  });

  it('keeps this origin’s URLs local', () => {
    expect(toSiteUrl('http://localhost:3000/docs/glossary', settings, origin)).toBe('/docs/glossary');
  });

  it('never produces a script or protocol-relative link', () => {
    expect(toSiteUrl('javascript:alert(1)', settings, origin)).toBeUndefined();
    expect(toSiteUrl('data:text/html,<script>', settings, origin)).toBeUndefined();
    expect(toSiteUrl('https://docs.example.com//evil.example.net/x', settings, origin)).toBe(
      '/evil.example.net/x',
    );
  });

  it('leaves an unrelated http(s) URL as it is', () => {
    expect(toSiteUrl('https://other.example.org/page', settings, origin)).toBe(
      'https://other.example.org/page',
    );
  });
});

describe('parseMarked', () => {
  it('turns highlight markers into ranges and keeps markup as text', () => {
    expect(parseMarked('a \u0001<b>bill</b>\u0002ing')).toEqual({
      text: 'a <b>bill</b>ing',
      ranges: [[2, 13]],
    });
  });
});

describe('createAlgoliaProvider', () => {
  const hit = {
    objectID: '1',
    url: 'https://docs.example.com/current/kb/kb00017',
    hierarchy: { lvl0: 'Knowledge base', lvl1: 'KB00017: Subscriptions', lvl2: null },
    _highlightResult: { hierarchy: { lvl1: { value: '\u0001KB00017\u0002: Subscriptions' } } },
    _snippetResult: { content: { value: 'The nightly \u0001sync\u0002 skips…' } },
  };

  it('queries the index with contextual filters and insights off, and maps hits', async () => {
    const fetcher = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ hits: [hit, { ...hit, objectID: '2', url: 'javascript:x' }], nbHits: 2 }),
        ),
    );
    const provider = createAlgoliaProvider(settings, {
      facetFilters: [['language:en'], ['docusaurus_tag:docs-default-current']],
      origin,
      fetcher: fetcher as never,
    });
    const result = await provider.search('kb 17', { limit: 5 });
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://APPID-dsn.algolia.net/1/indexes/services-manager/query');
    const body = JSON.parse(init.body as string);
    expect(body).toMatchObject({ query: 'kb 17', hitsPerPage: 5, clickAnalytics: false });
    expect(body.facetFilters).toEqual([['language:en'], ['docusaurus_tag:docs-default-current']]);
    expect(result).toEqual({
      ok: true,
      query: 'kb 17',
      total: 2,
      hits: [
        {
          id: '1',
          url: '/docs/kb/kb00017',
          hierarchy: ['Knowledge base', 'KB00017: Subscriptions'],
          snippet: 'The nightly sync skips…',
          highlights: [[12, 16]],
          titleHighlights: [[0, 7]],
        },
      ],
    });
  });

  it('reports a failure as a value', async () => {
    const provider = createAlgoliaProvider(settings, {
      facetFilters: [],
      origin,
      fetcher: (async () => new Response('nope', { status: 403 })) as never,
    });
    expect(await provider.search('x')).toEqual({ ok: false, query: 'x', error: 'HTTP 403' });
  });
});
