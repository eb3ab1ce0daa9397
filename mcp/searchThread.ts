/**
 * A search thread of the HTTP server (see ./searchPool): the site's own search over the build's index,
 * answering the messages of the main thread. The ranking is synchronous work that grows with the square
 * of a query's words; here it holds up only this thread, never the requests the main thread serves.
 */
import fs from 'node:fs';
import os from 'node:os';
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

/**
 * On Linux, this thread runs at a lower priority (nice 10) than the thread that serves requests, so a
 * busy search thread never delays the answer to a light request on a core they share. The thread's own
 * id is in /proc/thread-self; elsewhere, or without the right, the priority stays as it is.
 */
export function lowerPriority(): void {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) os.setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: searches keep the server's priority.
  }
}

const data = workerData as { buildDir?: string; module?: string } | undefined;
// The pool starts this file as is; a test starts its own module, which calls serveSearches itself.
if (parentPort && data?.buildDir && !data.module) {
  lowerPriority();
  serveSearches(searchBuild(data.buildDir));
}
