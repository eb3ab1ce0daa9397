import {
  MAX_QUERY_LENGTH,
  type SearchHit,
  type SearchProvider,
  type SearchResponse,
} from '@services-manager-docs/core/search/types';
import type { AlgoliaSettings } from '../../site.links';

const PRE = '\u0001';
const POST = '\u0002';

/** Text carrying Algolia's highlight markers, split into plain text and [start, end) ranges. */
export function parseMarked(value: string): { text: string; ranges: [number, number][] } {
  let text = '';
  const ranges: [number, number][] = [];
  let start = -1;
  for (const char of value) {
    if (char === PRE) start = text.length;
    else if (char === POST) {
      if (start >= 0) ranges.push([start, text.length]);
      start = -1;
    } else text += char;
  }
  return { text, ranges };
}

/**
 * A result URL as a path on this site: URLs matching the external pattern (or on this origin) lose
 * their origin and get the configured path rewrite; other http(s) URLs stay as they are; anything else
 * (javascript:, data:, protocol-relative) is rejected.
 */
export function toSiteUrl(
  url: string,
  settings: Pick<AlgoliaSettings, 'externalUrlRegex' | 'replaceSearchResultPathname'>,
  origin: string,
): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const local =
    parsed.origin === origin ||
    (settings.externalUrlRegex && new RegExp(settings.externalUrlRegex).test(url));
  if (!local) return parsed.href;
  let pathname = parsed.pathname;
  const rewrite = settings.replaceSearchResultPathname;
  if (rewrite && pathname.startsWith(rewrite.from))
    pathname = rewrite.to + pathname.slice(rewrite.from.length);
  pathname = `/${pathname.replace(/^\/+/, '')}`;
  return `${pathname}${parsed.search}${parsed.hash}`;
}

type AlgoliaHit = {
  objectID: string;
  url: string;
  hierarchy: Record<string, string | null>;
  content?: string | null;
  _snippetResult?: { content?: { value: string } };
  _highlightResult?: { hierarchy?: Record<string, { value: string }> };
  type?: string;
};

/**
 * Algolia DocSearch over its REST API (no client library): contextual search by language and docs tag,
 * insights off, highlight markers parsed into ranges so no HTML from the index reaches the page.
 */
export function createAlgoliaProvider(
  settings: AlgoliaSettings,
  options: { facetFilters: string[][]; origin: string; fetcher?: typeof fetch },
): SearchProvider {
  const fetcher = options.fetcher ?? ((input, init) => fetch(input, init));
  const endpoint = `https://${settings.appId}-dsn.algolia.net/1/indexes/${encodeURIComponent(settings.indexName)}/query`;
  return {
    name: 'algolia',
    async search(
      rawQuery,
      { limit = 10, offset = 0, signal, withText = false } = {},
    ): Promise<SearchResponse> {
      const query = rawQuery.slice(0, MAX_QUERY_LENGTH);
      try {
        const response = await fetcher(endpoint, {
          method: 'POST',
          signal,
          headers: {
            'X-Algolia-Application-Id': settings.appId,
            'X-Algolia-API-Key': settings.apiKey,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({
            query,
            hitsPerPage: limit,
            page: Math.floor(offset / limit),
            facetFilters: options.facetFilters,
            attributesToSnippet: ['content:24'],
            highlightPreTag: PRE,
            highlightPostTag: POST,
            clickAnalytics: false,
            analytics: false,
          }),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { hits: AlgoliaHit[]; nbHits: number };
        const hits = body.hits.flatMap((hit): SearchHit[] => {
          const url = toSiteUrl(hit.url, settings, options.origin);
          if (!url) return [];
          const levels = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
          const hierarchy = levels
            .map((level) => hit.hierarchy[level])
            .filter((value): value is string => Boolean(value));
          const lastLevel = levels.filter((level) => hit.hierarchy[level]).pop() ?? 'lvl0';
          const title = parseMarked(
            hit._highlightResult?.hierarchy?.[lastLevel]?.value ?? hierarchy.at(-1) ?? '',
          );
          const snippet = parseMarked(hit._snippetResult?.content?.value ?? hit.content ?? '');
          return [
            {
              id: hit.objectID,
              url,
              hierarchy: [...hierarchy.slice(0, -1), title.text],
              snippet: snippet.text,
              highlights: snippet.ranges,
              titleHighlights: title.ranges,
              ...(withText ? { text: hit.content ?? snippet.text } : {}),
            },
          ];
        });
        return { ok: true, query: rawQuery, hits, total: body.nbHits };
      } catch (error) {
        return { ok: false, query: rawQuery, error: error instanceof Error ? error.message : String(error) };
      }
    },
    async suggestions() {
      return [];
    },
  };
}
