/**
 * What one search may cost. The ranking's work grows with the square of the query's words (each word
 * left out in turn, with typo tolerance) and with the hits it turns into snippets: on the production
 * build a 200-character question of 20 words took 190-330 ms against 30 ms for 10 words. Past
 * MAX_QUERY_TERMS words a query is cut, which the ranking barely notices, and no search returns more
 * than MAX_HITS hits. Over HTTP the ranking runs in worker threads (./searchPool), so a search holds up
 * its thread, never the other requests; on stdio it runs on the server's only thread.
 */
import { queryTerms } from '@services-manager-docs/core/search/engine';
import type { SearchProvider } from '@services-manager-docs/core/search/types';

export const MAX_QUERY_TERMS = 10;
export const MAX_HITS = 500;

/** The longest start of the query whose words, as the engine reads them, are at most `maxTerms`. */
export function boundQuery(query: string, maxTerms = MAX_QUERY_TERMS): string {
  if (queryTerms(query).length <= maxTerms) return query;
  let [fits, tooLong] = [0, query.length];
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (queryTerms(query.slice(0, middle)).length <= maxTerms) fits = middle;
    else tooLong = middle;
  }
  return query.slice(0, fits);
}

/** The same search with every query bounded in words and every answer in hits. */
export function boundedSearch(provider: SearchProvider): SearchProvider {
  return {
    name: provider.name,
    suggestions: () => provider.suggestions(),
    search: (query, { limit = 10, offset = 0, ...rest } = {}) =>
      provider.search(boundQuery(query), {
        ...rest,
        offset: Math.min(offset, MAX_HITS),
        limit: Math.max(0, Math.min(limit, MAX_HITS - Math.min(offset, MAX_HITS))),
      }),
  };
}
