import type { PlainUnit } from '../content/model';

/** One search result: a section of a page. */
export type SearchHit = {
  id: string;
  /** Site path (with anchor) to open; never an off-site or script URL. */
  url: string;
  /** Section label, page title, H2, H3. */
  hierarchy: string[];
  /** Plain text around the match. */
  snippet: string;
  /** [start, end) character ranges of `snippet` to highlight. */
  highlights: [number, number][];
  /** [start, end) ranges of the last hierarchy entry (the hit's own heading) to highlight. */
  titleHighlights: [number, number][];
  /** The section's whole text, when asked for with `withText` (Ask AI answers from it). */
  text?: string;
  /**
   * The section's units (paragraphs, lists, tables with header and rows, whole code blocks), with
   * `withText` from the local index; `text` is the same content as one string.
   */
  units?: PlainUnit[];
};

export type SearchResponse =
  | { ok: true; query: string; hits: SearchHit[]; total: number; correctedQuery?: string }
  | { ok: false; query: string; error: string };

export type SearchOptions = { limit?: number; offset?: number; signal?: AbortSignal; withText?: boolean };

/** Every search UI talks to this, never to an engine. */
export interface SearchProvider {
  readonly name: 'local' | 'algolia';
  search(query: string, options?: SearchOptions): Promise<SearchResponse>;
  /** Queries worth suggesting when nothing matched (popular sections or tags). */
  suggestions(): Promise<string[]>;
  /**
   * Called when a reader is about to type (the dialog opens, the search box takes focus), so the next
   * queries have less to wait for.
   */
  warmUp?(): void;
}

/** Longest query the engines receive; the input keeps what the reader typed. */
export const MAX_QUERY_LENGTH = 200;
