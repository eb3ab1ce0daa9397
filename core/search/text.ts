/** Pure text helpers shared by the index builder, the engines and the UI. */

/** Splits text into lowercase word tokens (letters and digits, Unicode-aware). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Normalises a reader's query: trims and caps its length, and turns a KB reference in any common form
 * (`KB 17`, `kb-0017`, `kb17`) into the article's number as it appears in titles (`kb00017`).
 */
export function normalizeQuery(query: string, maxLength = 200): string {
  return query
    .slice(0, maxLength)
    .replace(/\bkb[\s\-_#]*0*(\d{1,5})\b/giu, (_match, digits: string) => `kb${digits.padStart(5, '0')}`)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Ranges of `text` where a word starts with one of the terms (case-insensitive), merged and sorted. */
export function highlightRanges(text: string, terms: string[]): [number, number][] {
  const wanted = [...new Set(terms.map((term) => term.toLowerCase()).filter(Boolean))];
  if (!wanted.length) return [];
  const ranges: [number, number][] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0].toLowerCase();
    const term = wanted.find((candidate) => word.startsWith(candidate));
    if (term) ranges.push([match.index, match.index + word.length]);
  }
  return ranges;
}

/** About `length` characters of `text` (one line of words) around the first matched term, cut at word boundaries. */
export function makeSnippet(
  text: string,
  terms: string[],
  length = 180,
): { snippet: string; highlights: [number, number][] } {
  const all = highlightRanges(text, terms);
  const first = all[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(length / 3));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + length);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const prefix = start > 0 ? '… ' : '';
  const suffix = end < text.length ? ' …' : '';
  const snippet = `${prefix}${text.slice(start, end)}${suffix}`;
  const offset = prefix.length - start;
  const highlights = all
    .filter(([from, to]) => from >= start && to <= end)
    .map(([from, to]) => [from + offset, to + offset] as [number, number]);
  return { snippet, highlights };
}

/** Text split into plain and highlighted parts, for rendering as React text nodes (never as HTML). */
export function splitHighlights(text: string, ranges: [number, number][]): { text: string; mark: boolean }[] {
  const parts: { text: string; mark: boolean }[] = [];
  let position = 0;
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (from < position || from >= to) continue;
    if (from > position) parts.push({ text: text.slice(position, from), mark: false });
    parts.push({ text: text.slice(from, to), mark: true });
    position = to;
  }
  if (position < text.length) parts.push({ text: text.slice(position), mark: false });
  return parts;
}
