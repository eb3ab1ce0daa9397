/**
 * The sources an answer may use, retrieved by the proxy itself from the site's built search index,
 * ranked exactly as the site's search ranks them; the browser has no say in them.
 */
import { numberSources, searchQueryFor, type Answer } from '../src/ask/extractive';
import { selectSources } from '../src/ask/retrieve';
import type { SourceRef } from '../src/ask/protocol';
import type { SearchProvider } from '../src/search/types';

export type Sources = Answer['sources'];

/** Retrieves the sources for a question; a follow-up keeps the previous question's subject in the query. */
export function retriever(search: SearchProvider) {
  return async (question: string, previousQuestion = ''): Promise<Sources> => {
    const result = await search.search(searchQueryFor(`${question} ${previousQuestion}`), {
      limit: 12,
      withText: true,
    });
    if (!result.ok) throw new Error(`The search index could not be read: ${result.error}`);
    return numberSources(
      selectSources(result.hits.map((hit) => ({ ...hit, text: hit.text ?? hit.snippet }))),
    );
  };
}

/** What the browser is told about the sources: enough to list them and link the citations. */
export const refsOf = (sources: Sources): SourceRef[] =>
  sources.map(({ n, url, title, hierarchy }) => ({ n, url, title, hierarchy }));
