/**
 * The local search engine: MiniSearch over one record per page section, its term index split into
 * shards by first character so a query downloads only the shards its words need.
 */
import MiniSearch, { type Options, type AsPlainObject } from 'minisearch';
import { highlightRanges, makeSnippet, normalizeQuery, tokenize } from './text';
import type { SearchHit } from './types';
import { unitsText, type PlainUnit } from '../content/model';

export type SectionMeta = {
  url: string;
  hierarchy: string[];
  /** The page's title, for exact-title boosting. */
  title: string;
  /**
   * The title with the glossary's other names of what it names ("set up mfa" for "Set up multi-factor
   * authentication"): their words are indexed as title words, and they count for the exact-title bonus.
   */
  titleNames?: string[];
  docsTag: string;
};

export type IndexedSection = {
  id: number;
  title: string;
  heading: string;
  text: string;
  aliases: string;
  queries: string;
};

/**
 * Very common English words, and the words that shape a question without naming its subject ("how do
 * I…", "can we…"): left out of the index and of queries.
 */
const STOP_WORDS = new Set(
  'a about am an and any are as at be been being by can could did do does doing for from has have how i if in into is it its me my of on or our should so such that the their them then there these they this those to us was we were what when where which while who whom whose why will with would you your'.split(
    ' ',
  ),
);

/**
 * A light English stemmer, so `invoices`, `rated` and `provisioning` meet `invoice`, `rating` and
 * `provision`. Conservative on short words; identifiers such as `kb00017` pass through.
 */
export function stem(word: string): string {
  let term = word;
  if (term.length > 4 && term.endsWith('ies')) term = `${term.slice(0, -3)}y`;
  else if (term.length > 3 && term.endsWith('s') && !term.endsWith('ss') && !term.endsWith('us'))
    term = term.slice(0, -1);
  const before = term;
  if (term.length > 5 && term.endsWith('ing')) term = term.slice(0, -3);
  else if (term.length > 4 && term.endsWith('ied')) term = `${term.slice(0, -3)}y`;
  else if (term.length > 4 && term.endsWith('ed')) term = term.slice(0, -2);
  // stopped / stop, planned / plan (not bill, pass or buzz, and not set from settings).
  if (term !== before && term.length > 4 && /([^aeioulsz])\1$/.test(term)) term = term.slice(0, -1);
  // page / paging, size / sizing, save / saving.
  if (term.length > 3 && term.endsWith('e')) term = term.slice(0, -1);
  return term;
}

export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return lower.length < 2 || STOP_WORDS.has(lower) ? null : stem(lower);
}

export const INDEX_OPTIONS: Options<IndexedSection> = {
  idField: 'id',
  fields: ['title', 'heading', 'text', 'aliases', 'queries'],
  storeFields: [],
  processTerm,
};

/**
 * Title and heading words count for more than body words; other names of what a section mentions, like
 * body words. The queries readers type for a section (see plugins/search-index/queries.ts) count most:
 * they say what the section answers in the words a reader uses (5 was best of 1–8 on the development
 * questions; the held-out ones were not consulted).
 */
const BOOST = { title: 4, heading: 3, text: 1, aliases: 1, queries: 5 };

/** The shard a term lives in: its first character, or `_` for anything outside a–z and 0–9. */
export function shardOf(term: string): string {
  const first = term[0] ?? '_';
  return /[a-z0-9]/.test(first) ? first : '_';
}

export type TermEntry = AsPlainObject['index'][number];

/**
 * base.json: MiniSearch's serialization without its terms (they are in the shards) and without what the
 * browser can rebuild. Section ids are their positions (0…n−1), so the table from short id to id is left
 * out and the field lengths are a list in id order instead of an object keyed by id: together they were
 * two thirds of the file.
 */
export type IndexBase = Omit<AsPlainObject, 'index' | 'documentIds' | 'fieldLength'> & {
  fieldLength: number[][];
};

/**
 * sections.json: the sections' metadata with what the sections of one page share written once. A page is
 * [url, title, breadcrumb, docs tag's position in `docsTags`]; a section is [page's position, what its
 * URL adds to the page's (`#anchor`, or empty for the page's opening), headings below the breadcrumb…].
 */
export type SectionsFile = {
  docsTags: string[];
  pages: [url: string, title: string, breadcrumb: string[], docsTag: number, titleNames?: string[]][];
  sections: [page: number, fragment: string, ...headings: string[]][];
};

export type SearchFiles = {
  base: IndexBase;
  shards: Record<string, TermEntry[]>;
  sections: SectionsFile;
  /**
   * Section contents in chunks of CHUNK_SIZE, by section id: each section's units (paragraphs, lists,
   * tables, code blocks) with plain-word inline content; its text (indexed, and quoted by snippets) is
   * `unitsText` of them.
   */
  texts: PlainUnit[][][];
};

/** The longest run of leading items the lists share. */
function commonPrefix(lists: string[][]): string[] {
  const [first = [], ...rest] = lists;
  let length = first.length;
  for (const list of rest) {
    let i = 0;
    while (i < length && list[i] === first[i]) i += 1;
    length = i;
  }
  return first.slice(0, length);
}

/** Writes the sections as sections.json holds them; unpackSections gives back exactly the same list. */
export function packSections(sections: SectionMeta[]): SectionsFile {
  const docsTags = [...new Set(sections.map((section) => section.docsTag))];
  // A page is a URL without its fragment, under one title and docs instance: its sections' positions.
  const members = new Map<string, number[]>();
  sections.forEach((section, id) => {
    const key = JSON.stringify([section.url.split('#')[0], section.title, section.docsTag]);
    if (members.has(key)) members.get(key)!.push(id);
    else members.set(key, [id]);
  });
  const packed: SectionsFile['sections'] = [];
  const pages = [...members.values()].map((ids, page): SectionsFile['pages'][number] => {
    const { url, title, docsTag, titleNames } = sections[ids[0]];
    const pageUrl = url.split('#')[0];
    const breadcrumb = commonPrefix(ids.map((id) => sections[id].hierarchy));
    for (const id of ids)
      packed[id] = [
        page,
        sections[id].url.slice(pageUrl.length),
        ...sections[id].hierarchy.slice(breadcrumb.length),
      ];
    return titleNames?.length
      ? [pageUrl, title, breadcrumb, docsTags.indexOf(docsTag), titleNames]
      : [pageUrl, title, breadcrumb, docsTags.indexOf(docsTag)];
  });
  return { docsTags, pages, sections: packed };
}

export function unpackSections({ docsTags, pages, sections }: SectionsFile): SectionMeta[] {
  return sections.map(([page, fragment, ...headings]) => {
    const [url, title, breadcrumb, docsTag, titleNames] = pages[page];
    return {
      url: url + fragment,
      hierarchy: [...breadcrumb, ...headings],
      title,
      ...(titleNames ? { titleNames } : {}),
      docsTag: docsTags[docsTag],
    };
  });
}

export const CHUNK_SIZE = 16;

/** A section as the index is built from it: its metadata, heading and units (see plugins/content-model). */
export type SourceSection = SectionMeta & {
  heading: string;
  units: PlainUnit[];
  /** The page's description, on its opening section: indexed with the other names, never shown. */
  summary?: string;
  /** The questions, symptoms and keywords readers type for this section: indexed, never shown. */
  queries?: string[];
};

/**
 * The words inside the text's CamelCase identifiers (BillingRun, NightlySync, and cmdlet nouns behind
 * their prefix: SMCustomerPlan), so "billing run" and "customer plan" find them.
 */
export function identifierWords(text: string): string {
  const words = new Set<string>();
  for (const [identifier] of text.matchAll(/\b(?:[A-Z][a-z]+|[a-z]{2,}|[A-Z]{2,})(?:[A-Z][a-z]+)+\b/g))
    for (const word of identifier.split(/(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/))
      words.add(word.toLowerCase());
  return [...words].join(' ');
}

/** The title and the words its other names add ("mfa two factor" for "Set up multi-factor authentication"). */
function titleWithNames({ title, titleNames = [] }: SourceSection): string {
  const own = new Set(tokenize(title));
  const added = new Set(titleNames.flatMap((name) => tokenize(name)).filter((word) => !own.has(word)));
  return [title, ...added].join(' ');
}

/**
 * Builds the files the browser downloads: the index without terms, term shards, metadata and texts.
 * `aliasesOf` gives the other names (synonyms, abbreviations) of what a section mentions, indexed with it.
 */
export function buildSearchFiles(
  sections: SourceSection[],
  aliasesOf: (text: string) => string = () => '',
): SearchFiles {
  const index = new MiniSearch(INDEX_OPTIONS);
  index.addAll(
    sections.map((section, id) => {
      const text = unitsText(section.units);
      return {
        id,
        title: titleWithNames(section),
        heading: section.heading,
        text,
        aliases: [
          section.summary,
          aliasesOf(`${section.title} ${section.heading} ${text}`),
          identifierWords(text),
        ]
          .filter(Boolean)
          .join(' '),
        queries: (section.queries ?? []).join(' '),
      };
    }),
  );
  const { index: terms, documentIds: _positions, fieldLength, ...rest } = index.toJSON();
  const shards: Record<string, TermEntry[]> = {};
  for (const entry of terms) (shards[shardOf(entry[0])] ??= []).push(entry);
  const texts: PlainUnit[][][] = [];
  sections.forEach((section, id) => (texts[Math.floor(id / CHUNK_SIZE)] ??= []).push(section.units));
  return {
    // Sections were added in order, so each one's short id (the key of fieldLength) is its id.
    base: { ...rest, fieldLength: sections.map((_, id) => fieldLength[id]) },
    shards,
    sections: packSections(sections),
    texts,
  };
}

/** A MiniSearch index holding only the given shards' terms (enough to answer queries that need only those). */
export function assembleIndex(
  { fieldLength, ...base }: IndexBase,
  shards: TermEntry[][],
): MiniSearch<IndexedSection> {
  return MiniSearch.loadJS(
    {
      ...base,
      documentIds: Object.fromEntries(fieldLength.map((_, id) => [id, id])),
      fieldLength: Object.fromEntries(fieldLength.map((lengths, id) => [id, lengths])),
      index: shards.flat(),
    },
    INDEX_OPTIONS,
  );
}

/**
 * Words that shape a question without naming its subject ("what do I need…", "is it possible to…"),
 * beyond the stop words the index leaves out: dropped from queries only.
 */
const QUESTION_WORDS = new Set(
  'need needs want wants able possible please not another through via using'.split(' '),
);

/**
 * The query's words as the index stores them. Left out: the stop words and QUESTION_WORDS, "how long",
 * "how many" (they ask for a figure, not about length) and the product's name, which every page is about.
 */
export function queryTerms(query: string): string[] {
  return tokenize(
    normalizeQuery(query)
      .replace(/\bhow (?:long|many|much|often)\b/gi, ' ')
      .replace(/\bservices manager\b/gi, ' '),
  )
    .filter((word) => !QUESTION_WORDS.has(word))
    .map((term) => processTerm(term))
    .filter((term): term is string => Boolean(term));
}

export type RankedSection = { id: number; score: number; terms: string[] };

/** What a page is: generated from the API specification (one per operation or cmdlet), or written. */
export type PageKind = 'operation' | 'cmdlet' | 'guide';

export function pageKind(url: string): PageKind {
  if (/^\/docs\/developer\/api\/reference\/[^/#]+/.test(url)) return 'operation';
  if (/^\/docs\/developer\/api\/cortex\/[^/#]+/.test(url)) return 'cmdlet';
  return 'guide';
}

/**
 * How much a generated page's score counts for this query. The generated pages (over a hundred, each
 * repeating its resource's words) would crowd out the guides for a question in words, so they count
 * for less, unless the query asks for them: by an identifier (an operation id such as `addCustomerPlan`
 * finds its operation, a cmdlet name such as `Add-SMCustomerPlan` its cmdlet, `POST /customers` its
 * operation) or by naming their kind ("… powershell", "… cmdlet", "… endpoint"); a query that mentions
 * the API weighs operations a little above guides.
 */
export function kindWeight(query: string): (kind: PageKind) => number {
  const operationId = /^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(query.trim());
  const cmdletName = /\b[A-Z][a-z]+-[A-Z]\w+/.test(query);
  const methodPath = /(?:^|\s)(?:GET|POST|PUT|PATCH|DELETE)\s+\/|(?:^|\s)\/[\w{}-]+\//i.test(query);
  const wantsCmdlet = cmdletName || /\b(?:powershell|cmdlets?|cortex)\b/i.test(query);
  const wantsOperation = operationId || methodPath || /\bendpoints?\b/i.test(query);
  // "How do I create a user through the REST API?": the operation and the guides compete on their words.
  const mentionsApi = /\b(?:rest|api)\b/i.test(query);
  return (kind) => {
    if (kind === 'guide') return 1;
    if (kind === 'cmdlet') return wantsCmdlet ? NAMED_WEIGHT : GENERATED_WEIGHT;
    return wantsOperation ? NAMED_WEIGHT : mentionsApi ? API_WEIGHT : GENERATED_WEIGHT;
  };
}

/** Words that name the kind of page wanted (see kindWeight), as queryTerms gives them. */
const KIND_WORDS = new Set(['api', 'rest', 'endpoint', 'powershell', 'cmdlet']);

/** The share of the best section's coverage of the query (see rankSections) a result must have. */
const LEAST_COVERED = 0.3;

const GENERATED_WEIGHT = 0.3;
/** A query that asks for generated pages prefers them to guides that mention the same words. */
const NAMED_WEIGHT = 2.5;
/** A query that mentions the API ("… through the REST API") prefers operations a little. */
const API_WEIGHT = 1.3;

/**
 * A word the docs lack, with two neighbouring letters swapped back when that gives one they have
 * ("sycn" → "sync"): an edit-distance typo tolerance counts a swap as two edits, which it allows from
 * seven letters only. The first letter stays (it decides which index shard the word is in), and so does
 * a word that starts words of the docs, which may still be being typed.
 */
export function transposed(term: string, has: (word: string, prefix: boolean) => boolean): string {
  if (term.length < 4 || has(term, false) || has(term, true)) return term;
  for (let i = 1; i < term.length - 1; i++) {
    const swapped = `${term.slice(0, i)}${term[i + 1]}${term[i]}${term.slice(i + 2)}`;
    if (swapped !== term && has(swapped, false)) return swapped;
  }
  return term;
}

/**
 * Sections ranked for a query: prefix matching on every word, typo tolerance on longer words, title
 * and heading matches above body matches, and a page whose title is the query (or whose KB number it
 * names) first.
 */
export function rankSections(
  index: MiniSearch<IndexedSection>,
  sections: SectionMeta[],
  query: string,
  filter?: (section: SectionMeta) => boolean,
): RankedSection[] {
  const exact = normalizeQuery(query);
  const normalized = exact.toLowerCase();
  // Whether the docs have a word (or a word starting with it): asked once per word and query.
  const known = new Map<string, boolean>();
  const has = (word: string, prefix: boolean) => {
    const key = `${prefix ? '*' : ''}${word}`;
    let found = known.get(key);
    if (found === undefined)
      known.set(key, (found = index.search(word, { prefix, fuzzy: false }).length > 0));
    return found;
  };
  const terms = queryTerms(query).map((term) => transposed(term, has));
  if (!terms.length) return [];
  const filterResult = filter
    ? (result: { id: unknown }) => filter(sections[result.id as number])
    : undefined;
  // The last word is usually still being typed: match it as a prefix. Earlier words are complete: allow
  // typos, but only in a word the docs do not contain ("biling"), so that "change" does not also match
  // "charge", nor "stop" "step".
  const last = terms.length - 1;
  const typo = (term: string, distance: number | false) => (distance && has(term, false) ? false : distance);
  // Two edits from seven letters of a stem on, so that a swap of two letters ("exchnage") is forgiven.
  const wordDistance = (term: string) => (term.length >= 7 ? 2 : term.length >= 4 && 1);
  // A last word that starts no word of the docs ("citrx") is not being typed: it is misspelled.
  // Only from four letters on (a shorter word gets no typo tolerance either way): no second search
  // for the first letters typed.
  const lastDistance = (term: string) =>
    term.length < 4 || has(term, true) ? term.length >= 6 && 0.15 : wordDistance(term);
  const results = index.search(
    {
      combineWith: 'OR',
      queries: terms.map((term, i) => ({
        queries: [term],
        prefix: i === last && term.length >= 2,
        fuzzy: typo(term, i === last ? lastDistance(term) : wordDistance(term)),
      })),
    },
    { boost: BOOST, filter: filterResult },
  );
  // A section that lacks some of the query's words still counts, for the share of the query it covers:
  // each word weighs its inverse document frequency, so lacking a word many sections have ("change",
  // "make") costs little and lacking the subject costs much. Questions often use a word the docs do not
  // ("stop … being billed" for "exclude from billing"). A word that names the kind of page wanted ("…
  // api", "… powershell", see kindWeight) is not counted. This replaces MiniSearch's own factor for an
  // OR query, the number of words matched.
  const keys = terms.map((term) => processTerm(term) ?? term);
  const onlyKindWords = terms.every((term) => KIND_WORDS.has(term));
  const weights = keys.map((key, i) => {
    if (KIND_WORDS.has(terms[i]) && !onlyKindWords) return 0;
    const count = results.filter((result) => result.queryTerms.includes(key)).length;
    return Math.log(1 + (index.documentCount - count + 0.5) / (count + 0.5));
  });
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  const coverage = results.map(
    (result) =>
      weights.reduce((sum, weight, i) => sum + (result.queryTerms.includes(keys[i]) ? weight : 0), 0) / whole,
  );
  const kb = /\bkb\d{5}\b/.exec(normalized)?.[0];
  const titleTerms = new Map<string, string[]>();
  const weightOf = kindWeight(exact);
  /**
   * How many query words the title lacks. A word that names the kind of page wanted is not lacking from
   * a page of that kind: "… through the REST API" and the operation "Create a user".
   */
  const wordsOf = (title: string) => {
    let words = titleTerms.get(title);
    if (!words) titleTerms.set(title, (words = queryTerms(title)));
    return words;
  };
  const missingFromTitle = (title: string, kind: PageKind, matched: string[]) => {
    const words = wordsOf(title);
    const named = kind !== 'guide' && weightOf(kind) >= 1;
    const missing = terms.filter(
      (term) => !(named && KIND_WORDS.has(term)) && !words.some((word) => word.startsWith(term)),
    ).length;
    // A title word the section matched for a misspelled query word ("citrix" for "citrx") has it.
    const corrected = matched.filter(
      (match) => words.includes(match) && !terms.some((term) => match.startsWith(term)),
    ).length;
    return Math.max(0, missing - corrected);
  };
  // Adjacent query words ("test users", "access token") found together in a title or heading weigh more.
  const pairs = terms.slice(1).map((term, i) => ` ${terms[i]} ${term} `);
  const phrases = (text: string) => {
    const words = ` ${queryTerms(text).join(' ')} `;
    return pairs.filter((pair) => words.includes(pair)).length;
  };
  // A section that covers far less of the query than the best one does (only "change" or "portal" of a
  // question about the portal's logo and colors) is not a result.
  const best = Math.max(0, ...coverage);
  const ranked = results.flatMap((result, i) => {
    if (coverage[i] < LEAST_COVERED * best) return [];
    const section = sections[result.id as number];
    const title = section.title.toLowerCase();
    const isIntro = section.hierarchy.length <= 2;
    let score = (result.score / result.queryTerms.length) * coverage[i];
    const kind = pageKind(section.url);
    // The title, or another name of it ("mfa" for "Multi-factor authentication"): the one that lacks
    // fewest query words.
    const named = [section.title, ...(section.titleNames ?? [])]
      .map((name) => ({ name, missing: missingFromTitle(name, kind, result.terms) }))
      .reduce((best, next) => (next.missing < best.missing ? next : best));
    const missing = named.missing;
    // A page whose title is the query: the same words in any form, misspelled or not ("Billing" for
    // "billing", "Provisioning" for "provisoning"), unless it is a generated page the query does not
    // ask for (the REST API's "Billing" operations for "billing").
    const titled =
      title === normalized ||
      (missing === 0 &&
        wordsOf(named.name).every(
          (word) => terms.some((term) => word.startsWith(term)) || result.terms.includes(word),
        ));
    if (titled && weightOf(kind) >= 1) score += isIntro ? 1000 : 500;
    if (kb && title.startsWith(`${kb}:`)) score += isIntro ? 2000 : 1000;
    // Every query word in the page title (all but one of a longer question's): the page itself is
    // what the reader is looking for.
    if (missing === 0) score *= isIntro ? 2 : 1.3;
    else if (missing === 1 && terms.length >= 3) score *= isIntro ? 1.6 : 1.2;
    if (pairs.length) score *= 1 + 0.3 * phrases(section.hierarchy.slice(1).join(' | '));
    // Of two pages with the query as title, the one spelt as typed ("Workspace lists", not "Workspace Lists").
    if (section.title === exact) score *= 1.01;
    score *= weightOf(kind);
    return [{ id: result.id as number, score, terms: result.terms }];
  });
  return (isQuestion(query, terms) ? toAnswers(ranked, sections, /\bwhy\b/i.test(query)) : ranked).sort(
    (a, b) => b.score - a.score,
  );
}

/**
 * A question, rather than a few keywords typed into a search box: it asks (a question mark or a
 * question word first) or describes a situation in five words or more.
 */
function isQuestion(query: string, terms: string[]): boolean {
  return (
    /\?\s*$/.test(query) ||
    /^\s*(how|why|what|when|where|which|who|can|do|does|is|are|should)\b/i.test(query) ||
    terms.length >= 5
  );
}

/** The parts of a KB article and a troubleshooting page (the content guide's skeletons). */
const PROBLEM = /^(symptoms?|applies to)$/i;
const CAUSE = /^(cause|likely causes(?: in order)?)$/i;
const FIX = /^(resolution|fix)$/i;

type AnswerParts = { cause?: number; fix?: number };
const partsCache = new WeakMap<SectionMeta[], Map<string, AnswerParts>>();

/** The cause and fix sections of each page that has them, by page URL. */
function answerParts(sections: SectionMeta[]): Map<string, AnswerParts> {
  let parts = partsCache.get(sections);
  if (parts) return parts;
  parts = new Map();
  sections.forEach((section, id) => {
    const heading = section.hierarchy.length > 2 ? (section.hierarchy.at(-1) ?? '').trim() : '';
    const part = CAUSE.test(heading) ? 'cause' : FIX.test(heading) ? 'fix' : undefined;
    if (!part) return;
    const page = section.url.split('#')[0];
    const entry = parts!.get(page) ?? {};
    entry[part] ??= id;
    parts!.set(page, entry);
  });
  partsCache.set(sections, parts);
  return parts;
}

/**
 * A question that describes a problem matches where a KB article or a troubleshooting page restates it
 * (its introduction, Applies to, Symptoms), while the answer is in the same page's Cause (for a "why")
 * or its Resolution or Fix: when the restatement ranks first, that section ranks just above it.
 */
function toAnswers(ranked: RankedSection[], sections: SectionMeta[], why: boolean): RankedSection[] {
  const parts = answerParts(sections);
  const byId = new Map(ranked.map((entry) => [entry.id, entry]));
  // Only where the restatement is the best match: elsewhere the question is about something else.
  const best = Math.max(0, ...ranked.map((entry) => entry.score));
  for (const entry of ranked.filter((candidate) => candidate.score === best)) {
    const section = sections[entry.id];
    const page = section.url.split('#')[0];
    const pageParts = parts.get(page);
    if (!pageParts) continue;
    const restates = section.hierarchy.length <= 2 || PROBLEM.test((section.hierarchy.at(-1) ?? '').trim());
    if (!restates) continue;
    const target = why ? (pageParts.cause ?? pageParts.fix) : (pageParts.fix ?? pageParts.cause);
    if (target === undefined) continue;
    const score = entry.score * 1.05;
    const existing = byId.get(target);
    if (existing) existing.score = Math.max(existing.score, score);
    else {
      const added = { id: target, score, terms: entry.terms };
      byId.set(target, added);
      ranked.push(added);
    }
  }
  return ranked;
}

/** A ranked section turned into a hit, with its snippet and highlights. */
export function toHit(ranked: RankedSection, section: SectionMeta, text: string): SearchHit {
  const { snippet, highlights } = makeSnippet(text, ranked.terms);
  const heading = section.hierarchy[section.hierarchy.length - 1] ?? section.title;
  return {
    id: String(ranked.id),
    url: section.url,
    hierarchy: section.hierarchy,
    snippet,
    highlights,
    titleHighlights: highlightRanges(heading, ranked.terms),
  };
}
