/**
 * The sources an answer may use, retrieved by the proxy itself from the site's built search index,
 * ranked exactly as the site's search ranks them; the browser has no say in them.
 */
import { numberSources, type Answer } from '../src/ask/extractive';
import { retrieveSources } from '../src/ask/retrieve';
import type { SourceRef } from '../src/ask/protocol';
import type { SearchProvider } from '../src/search/types';

export type Sources = Answer['sources'];

/** Retrieves the sources for a question; a follow-up keeps the previous question's subject in the query. */
export const retriever =
  (search: SearchProvider) =>
  async (question: string, previousQuestion = ''): Promise<Sources> =>
    numberSources(await retrieveSources(search, question, previousQuestion));

/** What the browser is told about the sources: enough to list them and link the citations. */
export const refsOf = (sources: Sources): SourceRef[] =>
  sources.map(({ n, url, title, hierarchy }) => ({ n, url, title, hierarchy }));
