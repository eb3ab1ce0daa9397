/**
 * Searches off the event loop. The ranking of one search is synchronous and, on the production build,
 * takes tens to hundreds of milliseconds; run on the HTTP server's only thread, a flood of searches made
 * every other request wait (`tools/list` took 3.9 s). Here each search runs in one of a few worker
 * threads, each holding its own copy of the build's index, and the main thread only passes messages.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SearchOptions, SearchProvider, SearchResponse } from '@services-manager-docs/core/search/types';
import type { SearchReply, SearchRequest } from './searchThread';

/** One thread per core but one, at least one, at most four (each holds a copy of the index). */
export const DEFAULT_SEARCH_WORKERS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

const THREAD = path.join(__dirname, 'searchThread.ts');

export type SearchPool = SearchProvider & {
  /** Searches sent to a thread and not yet answered. */
  pending(): number;
  close(): Promise<void>;
};

/** A request before it is numbered (`Omit` of each member of the union). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; pending: Map<number, Pending>; dead: boolean };

/**
 * A search provider over the index of the build in `buildDir`, searched by `workers` threads; a request
 * goes to the thread with the fewest unanswered ones. `module` replaces the thread's code (a test's
 * thread that holds its searches); it receives `workerData` with `buildDir`.
 */
export function searchPool(
  buildDir: string,
  {
    workers = DEFAULT_SEARCH_WORKERS,
    module,
    data,
  }: { workers?: number; module?: string; data?: object } = {},
): SearchPool {
  if (!Number.isInteger(workers) || workers < 1) throw new Error('A search pool needs at least one thread.');
  let nextId = 1;
  let closed = false;
  // TypeScript in a worker thread: tsx's require hook, registered by a bootstrap in CommonJS, whether
  // the server runs under tsx (npm start) or under a test runner.
  const tsx = createRequire(__filename).resolve('tsx/cjs');
  const bootstrap = `require(${JSON.stringify(tsx)});require(${JSON.stringify(module ?? THREAD)});`;

  const start = (): Thread => {
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { ...data, buildDir, module },
    });
    const thread: Thread = { worker, pending: new Map(), dead: false };
    worker.on('message', (reply: SearchReply) => {
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new Error(reply.error));
    });
    // A thread that fails fails its searches; another takes its place when the next search comes.
    const fail = (error: Error) => {
      thread.dead = true;
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The search thread stopped (exit code ${code}).`)));
    return thread;
  };
  const threads: Thread[] = [];
  for (let i = 0; i < workers; i++) threads.push(start());

  const ask = <T>(request: WithoutId<SearchRequest>): Promise<T> => {
    if (closed) return Promise.reject(new Error('The search pool is closed.'));
    let index = 0;
    for (let i = 1; i < threads.length; i++)
      if (threads[i].dead || threads[i].pending.size < threads[index].pending.size) index = i;
    if (threads[index].dead) threads[index] = start();
    const thread = threads[index];
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      thread.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      thread.worker.postMessage({ ...request, id });
    });
  };

  return {
    name: 'local',
    async search(query: string, options: SearchOptions = {}): Promise<SearchResponse> {
      const { signal, ...rest } = options;
      signal?.throwIfAborted();
      try {
        return await ask<SearchResponse>({ kind: 'search', query, options: rest });
      } catch (error) {
        return { ok: false, query, error: (error as Error).message };
      }
    },
    suggestions: () => ask<string[]>({ kind: 'suggestions' }),
    pending: () => threads.reduce((sum, thread) => sum + thread.pending.size, 0),
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}
