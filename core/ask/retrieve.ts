import { BOILERPLATE, searchQueryFor, sectionMarkdown, type Source } from './extractive';
import type { SearchProvider } from '../search/types';
import type { PlainUnit } from '../content/model';

/** How many search hits Ask AI retrieves to choose its sources from. */
export const ASK_HITS = 20;

/**
 * The sections an answer may draw on, best first: search hits with at most four sections of the best
 * page and two of any other (a page's introduction often ranks above the part with the steps or the
 * figure) and two pages of a folder, from at most `maxPages` pages, `maxPages + 3` sections and
 * `maxChars` of Markdown in all, as a model reads them (whole sections only; the first is taken even
 * when it is longer). Each source carries its units: the search index's, or a hit's text as one
 * paragraph when the search has no units (a hosted index).
 */
export function selectSources(
  hits: { url: string; hierarchy: string[]; text: string; units?: PlainUnit[] }[],
  maxPages = 4,
  maxChars = 6000,
): Source[] {
  const perPage = new Map<string, number>();
  const perFolder = new Map<string, number>();
  const chosen: Source[] = [];
  let size = 0;
  for (const hit of hits) {
    const page = hit.url.split('#')[0];
    const count = perPage.get(page) ?? 0;
    // Pages of one folder (the API reference's operations) often say the same: two of them at most.
    const folder = page.replace(/\/[^/]*$/, '');
    const pageLimit = perPage.size === 0 || page === chosen[0]?.url.split('#')[0] ? 4 : 2;
    // Which versions a page applies to and where to read on answer nothing.
    if (BOILERPLATE.test(hit.hierarchy.slice(2).at(-1)?.trim() ?? '')) continue;
    if (!hit.text || count >= pageLimit || (!count && perPage.size >= maxPages)) continue;
    if (!count && (perFolder.get(folder) ?? 0) >= 2) continue;
    const source: Source = {
      url: hit.url,
      title: hit.hierarchy[1] ?? hit.hierarchy[0] ?? page,
      hierarchy: hit.hierarchy,
      text: hit.text,
      units: hit.units ?? [{ type: 'paragraph', text: hit.text }],
    };
    // Sections are kept whole (their units intact): one that does not fit is left out; the first is
    // taken in any case.
    const length = sectionMarkdown(source).length;
    if (chosen.length && size + length > maxChars) continue;
    perPage.set(page, count + 1);
    if (!count) perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
    chosen.push(source);
    size += length;
    if (chosen.length >= maxPages + 3) break;
  }
  return chosen;
}

/**
 * The sources for a question, found with the site's search: the one retrieval the dialog, the Ask AI
 * proxy and the evaluation share. A follow-up keeps the previous question's subject in the query.
 * Rejects when the index cannot be read.
 */
export async function retrieveSources(
  provider: SearchProvider,
  question: string,
  previousQuestion = '',
): Promise<Source[]> {
  const found = await provider.search(searchQueryFor(`${question} ${previousQuestion}`), {
    limit: ASK_HITS,
    withText: true,
  });
  if (!found.ok) throw new Error(`The search index could not be read: ${found.error}`);
  return selectSources(found.hits.map((hit) => ({ ...hit, text: hit.text ?? hit.snippet })));
}
