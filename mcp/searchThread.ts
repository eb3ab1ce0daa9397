/**
 * A search thread of the HTTP server (see ./searchPool): the site's own search over the build's index,
 * answering the messages of the main thread. The ranking is synchronous work that grows with the square
 * of a query's words; here it holds up only this thread, never the requests the main thread serves.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { searchBuild } from '@services-manager-docs/core/search/fromBuild';
import type { SearchOptions, SearchProvider } from '@services-manager-docs/core/search/types';

export type SearchRequest =
  | { id: number; kind: 'search'; query: string; options: Omit<SearchOptions, 'signal'> }
  | { id: number; kind: 'suggestions' };

export type SearchReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/** Answers the main thread's requests with `provider`, each as soon as it is done. */
export function serveSearches(provider: SearchProvider): void {
  const port = parentPort;
  if (!port) throw new Error('searchThread.ts runs as a worker thread of the MCP server.');
  port.on('message', (request: SearchRequest) => {
    const work =
      request.kind === 'search' ? provider.search(request.query, request.options) : provider.suggestions();
    work.then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies SearchReply),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        } satisfies SearchReply),
    );
  });
}

const data = workerData as { buildDir?: string; module?: string } | undefined;
// The pool starts this file as is; a test starts its own module, which calls serveSearches itself.
if (parentPort && data?.buildDir && !data.module) serveSearches(searchBuild(data.buildDir));
