import type MiniSearch from 'minisearch';
import {
  assembleIndex,
  CHUNK_SIZE,
  queryTerms,
  rankSections,
  shardOf,
  toHit,
  type IndexedSection,
  unpackSections,
  type IndexBase,
  type SectionMeta,
  type SectionsFile,
  type TermEntry,
} from './engine';
import { MAX_QUERY_LENGTH, type SearchProvider, type SearchResponse } from './types';
import { unitsText, type PlainUnit } from '../content/model';

/** The index files every query needs, whatever its words: fetched first, and preloaded by /search. */
export const INDEX_BASE_FILES = ['base.json', 'shards.json', 'sections.json'];

const whenIdle = (task: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(task) : setTimeout(task, 1000);

/** Files whose contents are packed (see ./engine), by name: what turns them into what queries use. */
const DECODERS: Record<string, (data: unknown) => unknown> = {
  'sections.json': (data) => unpackSections(data as SectionsFile),
};

type Fetcher = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;

/**
 * The default provider: the index built from the documentation at build time, downloaded piece by
 * piece as queries need it, and searched in the browser. No account, no server, works offline.
 */
export function createLocalProvider(
  indexUrl: string,
  options: { docsTags?: string[]; fetcher?: Fetcher } = {},
): SearchProvider {
  const fetcher: Fetcher = options.fetcher ?? ((url, init) => fetch(url, init));
  const cache = new Map<string, Promise<unknown>>();
  /** A file of the index, downloaded and decoded once (see DECODERS). */
  const load = <T>(file: string): Promise<T> => {
    let pending = cache.get(file) as Promise<T> | undefined;
    if (!pending) {
      pending = fetcher(`${indexUrl}${file}`).then(async (response) => {
        if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
        const data: unknown = await response.json();
        return (DECODERS[file]?.(data) ?? data) as T;
      });
      // A failed download is retried by the next query instead of failing forever.
      pending.catch(() => cache.delete(file));
      cache.set(file, pending);
    }
    return pending;
  };
  const loadSections = () => load<SectionMeta[]>('sections.json');
  const loadedShards = new Map<string, TermEntry[]>();
  let assembled: { key: string; index: MiniSearch<IndexedSection> } | undefined;
  const filter = options.docsTags
    ? (section: SectionMeta) => options.docsTags!.includes(section.docsTag)
    : undefined;

  let prefetching = false;
  /** Set once a reader is about to type (the search dialog opened, the search box focused). */
  let warm = false;
  /**
   * Once a reader is typing, the rest of the index and the section texts arrive in the background after
   * an answer, a few files at a time, so later keystrokes never wait for the network. A page that only
   * shows the results of its address (/search?q=…) does not download or assemble the whole index.
   */
  function prefetchRest(): void {
    if (prefetching) return;
    prefetching = true;
    void (async () => {
      const [manifest, sections] = await Promise.all([load<string[]>('shards.json'), loadSections()]);
      await indexFor(manifest);
      const chunks = Array.from({ length: Math.ceil(sections.length / CHUNK_SIZE) }, (_, i) => i);
      while (chunks.length)
        await Promise.all(chunks.splice(0, 4).map((chunk) => load(`texts/${chunk}.json`)));
    })().catch(() => (prefetching = false));
  }

  async function indexFor(terms: string[]): Promise<MiniSearch<IndexedSection>> {
    const [base, manifest] = await Promise.all([load<IndexBase>('base.json'), load<string[]>('shards.json')]);
    const wanted = [...new Set(terms.map(shardOf))].filter(
      (shard) => manifest.includes(shard) && !loadedShards.has(shard),
    );
    await Promise.all(
      wanted.map(async (shard) => loadedShards.set(shard, await load<TermEntry[]>(`shards/${shard}.json`))),
    );
    const key = [...loadedShards.keys()].sort().join('');
    if (assembled?.key !== key) assembled = { key, index: assembleIndex(base, [...loadedShards.values()]) };
    return assembled.index;
  }

  return {
    name: 'local',
    async search(rawQuery, { limit = 10, offset = 0, withText = false } = {}): Promise<SearchResponse> {
      const query = rawQuery.slice(0, MAX_QUERY_LENGTH);
      try {
        const terms = queryTerms(query);
        if (!terms.length) return { ok: true, query: rawQuery, hits: [], total: 0 };
        const [index, sections] = await Promise.all([indexFor(terms), loadSections()]);
        const ranked = rankSections(index, sections, query, filter);
        const page = ranked.slice(offset, offset + limit);
        const chunks = await Promise.all(
          [...new Set(page.map((hit) => Math.floor(hit.id / CHUNK_SIZE)))].map(
            async (chunk) => [chunk, await load<PlainUnit[][]>(`texts/${chunk}.json`)] as const,
          ),
        );
        const texts = new Map(chunks);
        const hits = page.map((hit) => {
          const units = texts.get(Math.floor(hit.id / CHUNK_SIZE))?.[hit.id % CHUNK_SIZE] ?? [];
          const text = unitsText(units);
          return { ...toHit(hit, sections[hit.id], text), ...(withText ? { text, units } : {}) };
        });
        if (warm) whenIdle(prefetchRest);
        return { ok: true, query: rawQuery, hits, total: ranked.length };
      } catch (error) {
        return { ok: false, query: rawQuery, error: error instanceof Error ? error.message : String(error) };
      }
    },
    warmUp() {
      warm = true;
      for (const file of INDEX_BASE_FILES) load(file).catch(() => undefined);
    },
    async suggestions() {
      try {
        return await load<string[]>('suggestions.json');
      } catch {
        return [];
      }
    },
  };
}
