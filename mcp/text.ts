/** Text helpers the tools share: size caps with a way to read on, and "did you mean" suggestions. */
import { editDistance } from '@services-manager-docs/core/utils/editDistance';

/** Most characters one tool result carries (about 4,000 tokens), so a long page cannot flood a context. */
export const MAX_RESULT_CHARS = 16_000;

/**
 * The part of `text` from `offset`, at most `max` characters, cut at a line end when one is near, with a
 * closing note that says how to read the rest (`more(nextOffset)` names the call to make).
 */
export function slice(
  text: string,
  offset: number,
  more: (nextOffset: number) => string,
  max = MAX_RESULT_CHARS,
): string {
  if (offset >= text.length && offset > 0)
    return `Offset ${offset} is past the end: this text has ${text.length} characters.`;
  if (offset === 0 && text.length <= max) return text;
  let end = Math.min(text.length, offset + max);
  if (end < text.length) {
    const lineEnd = text.lastIndexOf('\n', end);
    if (lineEnd > offset + max / 2) end = lineEnd + 1;
  }
  const note =
    end < text.length
      ? `Showing characters ${offset}–${end} of ${text.length}. To read on, ${more(end)}.`
      : `Showing characters ${offset}–${end} of ${text.length} (the end).`;
  return `${text.slice(offset, end)}\n\n---\n_${note}_`;
}

/** The `count` candidates closest to `wanted` (case-insensitive; a candidate containing it is closest). */
export function closest(wanted: string, candidates: Iterable<string>, count = 5): string[] {
  const target = wanted.toLowerCase();
  return [...new Set(candidates)]
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      const distance = lower.includes(target) ? 0 : editDistance(target, lower);
      return { candidate, distance };
    })
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

/**
 * The site path a reader or model means by a URL, a path or a Markdown twin's address:
 * `https://docs.example.com/docs/kb/kb00017.md#cause` → `/docs/kb/kb00017`.
 */
export function toSitePath(input: string): string {
  let value = input.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    try {
      const url = new URL(value);
      value = url.protocol === 'docs:' ? `/${url.host}${url.pathname}` : url.pathname;
    } catch {
      // Not a URL after all: treated as a path below.
    }
  }
  value = value.split(/[?#]/)[0];
  try {
    value = decodeURIComponent(value);
  } catch {
    // A malformed escape stays as typed; it simply matches no page.
  }
  value = `/${value.replace(/^\/+/, '')}`.replace(/\.(md|html)$/, '').replace(/\/+$/, '');
  return value || '/';
}
