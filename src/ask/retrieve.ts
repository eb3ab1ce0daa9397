import type { Source } from './extractive';

/**
 * The sections an answer may draw on, best first: search hits with at most two sections of a page (a
 * page's introduction often ranks above the part with the steps or the figure), from at most `maxPages`
 * pages, `maxPages + 1` sections and `maxChars` of text in all.
 */
export function selectSources(
  hits: { url: string; hierarchy: string[]; text: string }[],
  maxPages = 4,
  maxChars = 6000,
): Source[] {
  const perPage = new Map<string, number>();
  const chosen: Source[] = [];
  let size = 0;
  for (const hit of hits) {
    const page = hit.url.split('#')[0];
    const count = perPage.get(page) ?? 0;
    if (!hit.text || count >= 2 || (!count && perPage.size >= maxPages)) continue;
    const text = hit.text.slice(0, Math.max(0, maxChars - size));
    if (!text) break;
    perPage.set(page, count + 1);
    chosen.push({
      url: hit.url,
      title: hit.hierarchy[1] ?? hit.hierarchy[0] ?? page,
      hierarchy: hit.hierarchy,
      text,
    });
    size += text.length;
    if (chosen.length > maxPages) break;
  }
  return chosen;
}
