import type { Source } from './extractive';

/**
 * The sections an answer may draw on: search hits deduplicated by page (the best section of each page),
 * at most `maxPages` of them and `maxChars` of text in all.
 */
export function selectSources(
  hits: { url: string; hierarchy: string[]; text: string }[],
  maxPages = 4,
  maxChars = 6000,
): Source[] {
  const pages = new Set<string>();
  const chosen: Source[] = [];
  let size = 0;
  for (const hit of hits) {
    const page = hit.url.split('#')[0];
    if (pages.has(page) || !hit.text) continue;
    const text = hit.text.slice(0, Math.max(0, maxChars - size));
    if (!text) break;
    pages.add(page);
    chosen.push({
      url: hit.url,
      title: hit.hierarchy[1] ?? hit.hierarchy[0] ?? page,
      hierarchy: hit.hierarchy,
      text,
    });
    size += text.length;
    if (chosen.length === maxPages) break;
  }
  return chosen;
}
