/**
 * The default Ask AI engine: an extractive answerer. It chooses the retrieved section that answers the
 * question first, then the part of it that answers: the sentence holding the value asked for, a whole
 * procedure, a whole code block, a table's relevant rows, the cause before the fix. Units are quoted
 * whole, as the documentation has them; who a page is for, link lists and restated symptoms are left
 * out. Each block cites its section with [n], numbered as the related sources (one per page, the
 * answer's page first). It invents nothing, needs no server, and says plainly when no section answers.
 */
import { identifierWords, processTerm } from '../search/engine';
import { tokenize } from '../search/text';
import { LINK_SECTION, PERMISSION_LABEL, unitsMarkdown, type PlainUnit } from '../content/model';

export type PlainList = Extract<PlainUnit, { type: 'list' }>;

export type Source = {
  url: string;
  title: string;
  hierarchy: string[];
  /** The section's words, as the search gives them. */
  text: string;
  /**
   * The section's units, which answers are made from: as the search index holds them (paragraphs,
   * lists with their nesting and start numbers, tables with header and rows, whole code blocks,
   * admonitions), or a hosted search's text as one paragraph. A source that only names a section (the
   * Ask AI proxy's list of the sources it used) has none.
   */
  units?: PlainUnit[];
};

export type Answer = {
  /** Markdown with [n] citations. */
  markdown: string;
  /** The sources, numbered as the citations use them. */
  sources: (Source & { n: number })[];
  answered: boolean;
  /** The sections the answer quotes (their URLs), the one that answers first. */
  from?: string[];
};

/** The sources as the citations number them: [1] is the first. */
export const numberSources = (sources: Source[]): Answer['sources'] =>
  sources.map((source, i) => ({ ...source, n: i + 1 }));

export const NO_ANSWER =
  'The documentation does not answer this question directly. Try rephrasing it, or open the related sources below.';

/** Words that shape a question but say nothing about its subject. */
export const QUESTION_WORDS = new Set(
  'how do does did doing which what why who whom whose should could would can may might must need want use using used my our we me us long many much often'.split(
    ' ',
  ),
);

/** A text's subject words as the index stores them; CamelCase identifiers also give their parts. */
const termsOf = (text: string) =>
  tokenize(`${text} ${identifierWords(text)}`)
    .filter((word) => !QUESTION_WORDS.has(word))
    .map((word) => processTerm(word))
    .filter((term): term is string => Boolean(term));

/** The question's subject words, as a search query for retrieving sources. */
export function searchQueryFor(question: string): string {
  return tokenize(question)
    .filter((word) => !QUESTION_WORDS.has(word))
    .join(' ');
}

/** Sentences of a paragraph, split at sentence ends. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'`(])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/**
 * What the question asks for: a value (a version, a duration, a port, a count), steps, a cause (why,
 * what an error means), a definition, or anything else.
 */
export type Focus = 'value' | 'steps' | 'cause' | 'definition' | 'other';

export function focusOf(question: string): Focus {
  const q = question.toLowerCase().trim();
  if (/^why\b|\bwhat (causes|caused)\b|^what does .*\b(error|status|code|state)\b.* mean\b/.test(q))
    return 'cause';
  if (
    /\bhow (long|many|much|often|big|large|soon|far)\b|\b(which|what) (ports?|versions?|size|limits?|timeout|time|day|hour|number|encoding|header|edition|roles?|scopes?|queue|status|code|name|folder|path|format)\b|^(which|what)\b.*\b(versions?|editions?|encoding|collation|ports?|roles?|scopes?|header|status)\b|^(when|at what|where|which)\b|^what is .* (called|named)\b|^what is the (default|maximum|minimum|first|last|largest|smallest)\b|\bport(s)? (does|do|is|are)\b/.test(
      q,
    )
  )
    return 'value';
  if (/^(how (do|can|should|would) (i|we|you)|how to|what are the steps|steps to)\b/.test(q)) return 'steps';
  if (/^(what (is|are)|what does .+ mean|define|explain)\b/.test(q)) return 'definition';
  return 'other';
}

/** Words of a question that code or configuration answers. */
const CODE_QUESTION =
  /\b(commands?|cmdlets?|scripts?|config\w*|conf|json|yaml|powershell|bash|curl|code|samples?|syntax|snippet|query|\w+\.(conf|json|ya?ml|config|ps1))\b/i;
/** A question about something going wrong, whose answer is the cause and then the fix. */
const TROUBLE =
  /\b(errors?|fail\w*|rejected|denied|invalid|expired?|expires|stuck|not (work|start|run)\w*|\d{3,})\b/i;

/**
 * A sentence whose first word points back to a noun before it ("Their names…", "It…", "This…"), also
 * after a preposition ("During it…", "In that case…").
 */
export const LEADING_PRONOUN =
  /^(?:(?:during|in|after|before|with|for|from|under|on|at|by|until|unlike)\s+)?(?:it|its|it's|this|that|these|those|they|their|them|he|she|his|her)\b/i;
/** A sentence that names what it follows on from without saying it ("the same operation", "…instead."). */
const POINTS_BACK = /^(?:in \w+,? )?the same \w+\b(?![^,.;]*\bas\b)|\binstead\.$/i;
/** What a page calls itself ("This page…", "this article…"). */
const PAGE_NOUN = 'page|article|guide|section|topic|document|reference|chapter';
/** "This page…": the noun is the page, which no sentence before it names. */
const SELF_REFERENCE = new RegExp(`^(?:this|that)\\s+(?:${PAGE_NOUN})\\b`, 'i');

/**
 * Sentences about the page rather than the subject: who it is for, what it covers or leaves out ("This
 * page installs RabbitMQ without TLS"), what it assumes.
 */
export const AUDIENCE = new RegExp(`^(this (${PAGE_NOUN})\\b|it assumes\\b)`, 'i');
const NAVIGATION =
  /^(see( also)?|read|related (pages?|articles?|topics?)|for (more|details|further|the full|a full|an overview)|back to)\b/i;
/** Sections a reader never needs as an answer: versions it applies to, further links. */
export const BOILERPLATE = new RegExp(
  `^(?:applies to|more information|known issues|references?)$|${LINK_SECTION.source}`,
  'i',
);
/** Sections that restate what the reader already sees. */
const SYMPTOMS = /^symptoms?$/i;
const CAUSE = /^(cause|causes|why( .*)?|root cause)$/i;
const FIX = /^(resolution|solution|fix|workaround|resolve.*|how to fix.*)$/i;

/** A figure with what it measures: a duration, size, share, count, time of day, port or version. */
const QUANTITY =
  /\b\d[\d,.]*\s*(%|percent|seconds?|minutes?|hours?|days?|weeks?|months?|years?|ms|milliseconds|[KMGT]B|characters?|rows?|requests?|users?|times?|attempts?|digits?)(?![\w])|\b\d{1,2}:\d{2}\b|\bports?\s+\d+|\b\d+\.\d+(\.\d+)?\b|\b(?!(19|20)\d\d\b)\d{3,5}\b|%/i;
/** In a version question a year-like number is a version (SQL Server 2019). */
const VERSION = /\b(19|20)\d\d\b|\b\d+(\.\d+)+\b|\bv\d+\b/i;

/** The words that name a kind of value, as the index stores them. */
const VALUE_KINDS = new Set(
  termsOf('version versions port ports size limit timeout time number default maximum minimum encoding'),
);

/** Two forms of one word: equal, or sharing a long beginning (idempotency / idempotent). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  let common = 0;
  while (common < a.length && a[common] === b[common]) common++;
  return common >= 5 && common >= Math.max(a.length, b.length) - 3;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

// ---- Units of a section ----

/**
 * A table's rows with the cells a row leaves empty at its start filled from the row above: Markdown has
 * no merged cells, so a table writes a value that spans rows once and leaves the cells below it empty
 * ("Small | up to 2,000 | All-in-one…" then "| | | SQL Server…"). A row quoted on its own then still
 * says what it belongs to. Empty cells after the first filled one are values ("none"), not spans.
 */
export function carryDown(table: Table): Table {
  const rows: string[][] = [];
  for (const row of table.rows) {
    const lead = row.findIndex((cell) => cell.trim() !== '');
    const above = rows.at(-1);
    rows.push(lead > 0 && above ? [...above.slice(0, lead), ...row.slice(lead)] : row);
  }
  return { ...table, rows };
}

/** A unit with its tables' spans carried down (see carryDown), in list items too. */
function withSpans(unit: PlainUnit): PlainUnit {
  if (unit.type === 'table') return carryDown(unit);
  if (unit.type === 'list')
    return { ...unit, items: unit.items.map((item) => ({ ...item, units: item.units.map(withSpans) })) };
  return unit;
}

/** What an answer may quote from a section: its blocks, with admonitions, quotes and tabs opened. */
function blocksOf(source: Source): PlainUnit[] {
  const open = (units: PlainUnit[]): PlainUnit[] =>
    units.flatMap((unit): PlainUnit[] => {
      if (unit.type === 'admonition' || unit.type === 'quote') return open(unit.units);
      if (unit.type === 'tabs') return unit.tabs.flatMap((tab) => open(tab.units));
      if (unit.type === 'diagram' || unit.type === 'cards' || unit.type === 'heading') return [];
      return [withSpans(unit)];
    });
  const title = source.title.trim().toLowerCase();
  return open(source.units ?? []).flatMap((unit): PlainUnit[] => {
    if (unit.type === 'paragraph') {
      // Who the page is for, a repeated title, and pointers to other pages are not answers.
      const kept = sentences(unit.text).filter(
        (sentence) =>
          !AUDIENCE.test(sentence) && !NAVIGATION.test(sentence) && sentence.toLowerCase() !== title,
      );
      return kept.length ? [{ type: 'paragraph', text: kept.join(' ') }] : [];
    }
    if (unit.type === 'list') {
      // A list of pointers to other pages ("See …") is not an answer; steps are never cut.
      const items = unit.items.filter((item) => {
        const first = item.units[0];
        return (
          unit.ordered ||
          !(first?.type === 'paragraph' && NAVIGATION.test(first.text) && item.units.length === 1)
        );
      });
      return items.length ? [{ ...unit, items }] : [];
    }
    return [unit];
  });
}

/** A unit's words as one text (for scoring). */
function textOf(unit: PlainUnit): string {
  switch (unit.type) {
    case 'paragraph':
    case 'heading':
      return unit.text;
    case 'list':
      return unit.items.map((item) => item.units.map(textOf).join(' ')).join(' ');
    case 'table':
      return [unit.header, ...unit.rows].map((row) => row.join(' ')).join(' ');
    case 'code':
      // Its language is what the block is in ("a PowerShell command").
      return `${unit.language} ${unit.code}`;
    case 'admonition':
    case 'quote':
      return unit.units.map(textOf).join(' ');
    case 'tabs':
      return unit.tabs.map((tab) => tab.units.map(textOf).join(' ')).join(' ');
    default:
      return '';
  }
}

/** A part of a block that may answer: a sentence, a list item, a table row or a code block. */
type Table = Extract<PlainUnit, { type: 'table' }>;
type Piece = {
  block: number;
  kind: 'sentence' | 'item' | 'row' | 'code';
  index: number;
  text: string;
  score: number;
  /** For a row: its table, which may sit inside a list item. */
  table?: Table;
};

const rowsOf = (table: Table, block: number): Omit<Piece, 'score'>[] =>
  table.rows.map((row, index) => ({ block, kind: 'row', index, text: row.join(' '), table }));

function piecesOf(blocks: PlainUnit[]): Omit<Piece, 'score'>[] {
  return blocks.flatMap((unit, block): Omit<Piece, 'score'>[] => {
    if (unit.type === 'paragraph')
      return sentences(unit.text).map((text, index) => ({ block, kind: 'sentence', index, text }));
    if (unit.type === 'list')
      return unit.items.flatMap((item, index): Omit<Piece, 'score'>[] => [
        // An item's words, without the tables under it: their rows answer on their own.
        {
          block,
          kind: 'item',
          index,
          text: item.units
            .filter((part) => part.type !== 'table')
            .map(textOf)
            .join(' '),
        },
        ...item.units.flatMap((part) => (part.type === 'table' ? rowsOf(part, block) : [])),
      ]);
    if (unit.type === 'table') return rowsOf(unit, block);
    if (unit.type === 'code') {
      // Code is found by the words of the sentence that introduces it as well as its own.
      const lead = blocks[block - 1]?.type === 'paragraph' ? textOf(blocks[block - 1]) : '';
      return [{ block, kind: 'code', index: 0, text: `${lead}\n${unit.language} ${unit.code}` }];
    }
    return [];
  });
}

// ---- Choosing the section ----

type Ranked = {
  source: Source;
  /** Its place in the retrieved sources. */
  rank: number;
  blocks: PlainUnit[];
  pieces: Piece[];
  score: number;
  heading: string;
};

type Question = {
  text: string;
  focus: Focus;
  wanted: string[];
  /** What the value asked for looks like (see valueShape). */
  shape: RegExp | undefined;
  /** Whether a text's words include a wanted word (in any of its forms). */
  has: (terms: string[] | Set<string>, want: string) => boolean;
  weight: Map<string, number>;
  total: number;
  asksForCode: boolean;
};

/** A section's words, from its units. */
const sourceText = (source: Source) => (source.units ?? []).map(textOf).join(' ');

function questionOf(text: string, sources: Source[]): Question {
  const all = new Set(sources.flatMap((source) => termsOf(`${source.title} ${sourceText(source)}`)));
  // Two words the documentation writes as one ("times out" → timeout): a text with the joined word
  // has both.
  const words = tokenize(text);
  const wanted = [...new Set(termsOf(text))];
  const alternatives = new Map<string, string[]>();
  words.slice(1).forEach((word, i) => {
    const forms = [
      `${words[i]}${word}`,
      `${words[i].replace(/s$/, '')}${word}`,
      `${words[i].replace(/es$/, '')}${word}`,
    ]
      .map((form) => processTerm(form))
      .filter((term): term is string => Boolean(term) && all.has(term!));
    if (forms.length)
      for (const part of termsOf(`${words[i]} ${word}`))
        alternatives.set(part, [...(alternatives.get(part) ?? []), ...forms]);
  });
  const has = (terms: string[] | Set<string>, want: string) =>
    [...terms].some((term) => sameWord(term, want) || Boolean(alternatives.get(want)?.includes(term)));
  // Rarer words across the retrieved sections carry more weight.
  const texts = sources.map(
    (source) => new Set(termsOf(`${source.hierarchy.slice(1).join(' ')} ${sourceText(source)}`)),
  );
  const weight = new Map(
    wanted.map((term) => {
      const containing = texts.filter((terms) => has(terms, term)).length;
      // A word no retrieved section has says little about which of them answers.
      return [term, Math.log(1 + (sources.length + 1) / (1 + containing)) * (containing ? 1 : 0.3)];
    }),
  );
  // In a value question the kind of value ("which version", "what port") is rarely in the sentence
  // that states it ("SQL Server 2019 or later"): it counts for little.
  const focus = focusOf(text);
  if (focus === 'value')
    for (const term of wanted) if (VALUE_KINDS.has(term)) weight.set(term, weight.get(term)! * 0.25);
  const total = wanted.reduce((sum, term) => sum + weight.get(term)!, 0) || 1;
  return {
    text,
    focus,
    shape: valueShape(text),
    wanted,
    has,
    weight,
    total,
    asksForCode: CODE_QUESTION.test(text),
  };
}

/** The share of the question's weighted words a text has; words only in `context` count 0.7. */
function coverage(question: Question, text: string, context: string[] = []): number {
  const own = termsOf(text);
  let sum = 0;
  for (const want of question.wanted) {
    if (question.has(own, want)) sum += question.weight.get(want)!;
    else if (question.has(context, want)) sum += 0.7 * question.weight.get(want)!;
  }
  return sum / question.total;
}

/**
 * What the value a question asks for looks like: a port number, a duration or time, a version, a count,
 * a path, a name; undefined when it may be anything (a role, a scope), so no sentence is preferred.
 */
function valueShape(question: string): RegExp | undefined {
  const q = question.toLowerCase();
  if (/\bports?\b/.test(q))
    return /\b(?:tcp|udp|ports?)\s*\d{2,5}\b|\b\d{3,5}\b(?!\s*(%|[kmgt]b|seconds?|minutes?|hours?|days?|rows?|users?))/i;
  if (/\bversions?\b/.test(q)) return VERSION;
  if (/\bhow (long|often|soon)\b|^(when|at what)\b|\btimeout\b/.test(q))
    return /\b\d[\d,.]*\s*(seconds?|minutes?|hours?|days?|weeks?|months?|years?|ms)\b|\b\d{1,2}:\d{2}\b|\b(daily|weekly|monthly|hourly)\b/i;
  if (/\bhow (many|much)\b/.test(q)) return /(?<![\w.-])\d[\d,.]*(?![\w-]|\.\w)/;
  if (/^where\b/.test(q)) return /\b[A-Z]:\\|\\\\|(^|\s)[\w.-]*[/\\][\w.<>-]+/;
  if (/\b(called|named)\b/.test(q)) return /\b[\w-]+[._][\w.<>-]+|\b[A-Z][a-z]+[A-Z]\w+/;
  if (/\b(roles?|scopes?|header|status|encoding|collation|editions?)\b/.test(q)) return undefined;
  // "Which placeholder…", "Which tokens…": a name of any shape.
  if (/^which\b/.test(q)) return undefined;
  return QUANTITY;
}

/** Whether a text holds the kind of value the question asks for (a table cell's bare number does). */
const holdsValue = (question: Question, text: string, row = false) =>
  question.shape ? question.shape.test(text) || (row && /\d/.test(text)) : true;

/**
 * A definition names its subject first ("A billing rule tells…"), or opens a section headed by the
 * subject (a glossary entry) or a page titled by it.
 */
function definesSubject(question: Question, piece: Omit<Piece, 'score'>, source: Source): boolean {
  const isSubject = (words: string[], exact: boolean) =>
    words.length > 0 &&
    question.wanted.every((want) => words.some((term) => sameWord(term, want))) &&
    (!exact || words.every((term) => question.wanted.some((want) => sameWord(term, want))));
  if (isSubject(termsOf(piece.text).slice(0, question.wanted.length + 1), false)) return true;
  const heading = source.hierarchy.length > 2 ? source.hierarchy.at(-1)! : source.title;
  return piece.block === 0 && piece.index === 0 && isSubject(termsOf(heading), true);
}

/** How many pairs of neighbouring subject words a heading shares with the question, at most two. */
function sharedPairs(question: string, heading: string): number {
  const pairs = (text: string) => {
    const terms = termsOf(text);
    return new Set(terms.slice(1).map((term, i) => `${terms[i]} ${term}`));
  };
  const asked = pairs(question);
  return Math.min(2, [...pairs(heading)].filter((pair) => asked.has(pair)).length);
}

function rank(question: Question, source: Source, index: number): Ranked {
  const heading = source.hierarchy.slice(2).at(-1) ?? '';
  const blocks = BOILERPLATE.test(heading.trim()) ? [] : blocksOf(source);
  const context = termsOf(`${source.title} ${source.hierarchy.slice(2).join(' ')}`);
  const found = piecesOf(blocks);
  const pieces = found.map((piece, i) => {
    // A sentence is read with its neighbours in the same block, which count for less.
    const near = [found[i - 1], found[i + 1]].filter(
      (other) => other?.block === piece.block && piece.kind === 'sentence',
    );
    let score = Math.max(
      coverage(question, piece.text, context),
      0.85 * coverage(question, [piece, ...near].map((other) => other!.text).join(' '), context),
    );
    if (question.focus === 'value' && question.shape)
      score += holdsValue(question, piece.text, piece.kind === 'row') ? 0.25 : -0.15;
    if (
      question.focus === 'definition' &&
      piece.kind === 'sentence' &&
      definesSubject(question, piece, source)
    )
      score += 0.4;
    if (piece.kind === 'code' && !question.asksForCode) score -= question.focus === 'value' ? 0.2 : 0.1;
    return { ...piece, score };
  });
  const best = Math.max(0, ...pieces.map((piece) => piece.score));
  // A value is stated in one sentence: that sentence counts for more than the rest of the section.
  const local = question.focus === 'value' && question.shape ? 0.75 : 0.55;
  let score =
    local * best +
    (1 - local) * coverage(question, blocks.map(textOf).join(' '), context) +
    // A section whose title and heading name the question's subject is about it, more so when its
    // heading says it in the question's own words ("Add a user" for "How do I add a user to …?").
    0.2 * coverage(question, `${source.title} ${source.hierarchy.slice(2).join(' ')}`) +
    0.1 * sharedPairs(question.text, heading) -
    0.035 * Math.min(index, 12);
  const lists = blocks.filter((unit): unit is PlainList => unit.type === 'list');
  // Steps count for a how-to question when they are about it.
  const stepScore = Math.max(
    0,
    ...pieces
      .filter((piece) => piece.kind === 'item' && (blocks[piece.block] as PlainList).ordered)
      .map((piece) => piece.score),
  );
  if (question.focus === 'steps' && lists.some((list) => list.ordered) && stepScore >= 0.5) score += 0.1;
  else if (question.focus === 'steps' && blocks.some((unit) => unit.type === 'code')) score += 0.1;
  if (question.focus === 'cause') score += CAUSE.test(heading) ? 0.45 : FIX.test(heading) ? -0.2 : 0;
  if (question.focus === 'steps' && TROUBLE.test(question.text) && FIX.test(heading)) score += 0.15;
  if (question.asksForCode && blocks.some((unit) => unit.type === 'code')) score += 0.08;
  if (SYMPTOMS.test(heading)) score -= 0.25;
  // An index of articles points to the pages that answer; it answers nothing itself.
  if (/\bindex$/i.test(source.title.trim())) score -= 0.3;
  if (!blocks.length) score = -1;
  return { source, rank: index, blocks, pieces, score, heading };
}

/** A section must cover about a third of the question's weighted words to answer it. */
export const MIN_SCORE = 0.32;

const pageOf = (url: string) => url.split('#')[0];

/**
 * The retrieved sections in the order an answer uses them: the section that answers first, then each
 * other page's best section, one per page. The offline engine answers from the first; the Ask AI proxy
 * sends them, whole, to its model.
 */
export function chooseSections(question: string, sources: Source[]): Source[] {
  return scoreSections(question, sources).map(({ source }) => source);
}

/**
 * The same sections, in the same order, with their scores: about the share of the question's weighted
 * words a section answers, with its focus (a value, steps, a cause); below MIN_SCORE it does not answer.
 * The first is not always the highest: the search's first hit is preferred when it answers.
 */
export function scoreSections(question: string, sources: Source[]): { source: Source; score: number }[] {
  return rankedPages(questionOf(question, sources), sources).map(({ source, score }) => ({ source, score }));
}

/**
 * Units as an answer shows them: admonitions, quotes and tabs give their contents, a heading is a line
 * of text and a checklist a list (answers draw no callouts, tabs or boxes).
 */
function shown(units: PlainUnit[]): PlainUnit[] {
  return units.flatMap((unit): PlainUnit[] => {
    switch (unit.type) {
      case 'admonition':
      case 'quote':
        return shown(unit.units);
      case 'tabs':
        return unit.tabs.flatMap((tab) => shown(tab.units));
      case 'heading':
        return [{ type: 'paragraph', text: unit.text }];
      case 'list':
        return [{ ...unit, items: unit.items.map((item) => ({ checked: null, units: shown(item.units) })) }];
      case 'diagram':
      case 'cards':
        return [];
      default:
        return [unit];
    }
  });
}

/** A unit as an answer quotes it: whole, as Markdown; `cite` goes after its last line of prose. */
const quoteUnit = (unit: PlainUnit, cite = '') => unitsMarkdown(shown([unit]), { cite });

/**
 * A section as Markdown with every unit whole (numbered steps with their code, tables as tables), for
 * a model to read; admonitions, quotes and tabs give their contents.
 */
export function sectionMarkdown(source: Source): string {
  return unitsMarkdown(shown(source.units ?? []));
}

/**
 * How much the search's first hit is preferred when it answers at all (and, for a how-to, holds steps
 * or code): search ranks sections by the queries readers type for each (search-queries/), which a
 * passage's own words do not show. Its score, which thresholds read, stays its own.
 */
const FIRST_HIT = 0.2;

function rankedPages(question: Question, sources: Source[]): Ranked[] {
  const answers = (entry: Ranked) =>
    entry.score >= MIN_SCORE &&
    (question.focus !== 'steps' ||
      entry.blocks.some((unit) => (unit.type === 'list' && unit.ordered) || unit.type === 'code'));
  const order = (entry: Ranked) => entry.score + (entry.rank === 0 && answers(entry) ? FIRST_HIT : 0);
  const ranked = sources
    .map((source, i) => rank(question, source, i))
    .sort((a, b) => order(b) - order(a) || a.rank - b.rank);
  const seen = new Set<string>();
  return ranked.filter(
    (entry) => !seen.has(pageOf(entry.source.url)) && Boolean(seen.add(pageOf(entry.source.url))),
  );
}

// ---- Writing the answer ----

/** How many rows of a table an answer shows before it keeps only the relevant ones. */
const MAX_ROWS = 8;

/**
 * Whether an answer that leads with a table's rows shows only the rows that match the question: always
 * for a value or a long table, and for any table when they are at most half its rows (a message or
 * symptom looked up in its table); a table the question matches all over stays whole.
 */
export function keepsMatchingRows(focus: Focus, tableRows: number, matching: number): boolean {
  return focus === 'value' || tableRows > MAX_ROWS || matching * 2 <= tableRows;
}

/**
 * Writes an answer from the main section's units: each whole (a table's relevant rows when it is long),
 * once, with the paragraph that introduces it, and the citation after the first line of prose.
 */
class AnswerWriter {
  readonly out: string[] = [];
  private readonly used = new Set<number>();
  private readonly blocks: PlainUnit[];
  private readonly c: string;

  constructor(
    private readonly question: Question,
    private readonly main: Ranked,
    cite: string,
  ) {
    this.blocks = main.blocks;
    this.c = cite;
  }

  /** Whether the answer quotes the block already. */
  has(block: number) {
    return this.used.has(block);
  }

  paragraph(text: string) {
    this.out.push(quoteUnit({ type: 'paragraph', text }, this.c));
  }

  /** The paragraph of who may do the task, when it comes just before the block; else undefined. */
  private permissionBefore(block: number): string | undefined {
    const before = this.blocks[block - 1];
    return before?.type === 'paragraph' && before.text.startsWith(PERMISSION_LABEL) ? before.text : undefined;
  }

  /** A paragraph that introduces the block after it ("…fill in the fields:") goes with it. */
  intro(block: number) {
    const before = this.blocks[block - 1];
    if (before?.type !== 'paragraph' || this.used.has(block - 1) || this.permissionBefore(block)) return;
    const last = sentences(before.text).at(-1) ?? '';
    if (last.endsWith(':') || wordCount(before.text) <= 40) {
      this.used.add(block - 1);
      this.paragraph(wordCount(before.text) <= 40 ? before.text : last);
    }
  }

  /** A whole block; a table keeps only the relevant rows when it is long. */
  whole(block: number, rows?: number[]) {
    if (this.used.has(block)) return;
    this.used.add(block);
    const unit = this.blocks[block];
    const cited = this.out.some((line) => line.endsWith(this.c));
    const cites = unit.type === 'paragraph' || !cited ? this.c : '';
    if (
      unit.type === 'table' &&
      rows &&
      keepsMatchingRows(this.question.focus, unit.rows.length, rows.length)
    )
      this.out.push(quoteUnit({ ...unit, rows: rows.map((row) => unit.rows[row]) }, cites));
    else this.out.push(quoteUnit(unit, cites));
    // A block that ends by introducing another ("…with these values:") brings it along.
    const last = unit.type === 'paragraph' ? unit.text : unit.type === 'list' ? textOf(unit) : '';
    if (last.trimEnd().endsWith(':') && this.blocks[block + 1]) this.whole(block + 1);
  }

  /**
   * The block with its introduction. Who may do the task follows the block it precedes on the page, so
   * that the answer leads with what the reader does or looks for.
   */
  withIntro(block: number, rows?: number[]) {
    this.intro(block);
    this.whole(block, rows);
    const permission = this.permissionBefore(block);
    if (permission && !this.used.has(block - 1)) {
      this.used.add(block - 1);
      this.paragraph(permission);
    }
  }

  /** The rows of a table that score within 0.1 of `best`, at most four, in table order. */
  private rowsNear(inTable: (piece: Piece) => boolean, best: number) {
    return this.main.pieces
      .filter((piece) => inTable(piece) && piece.score >= best - 0.1)
      .slice(0, 4)
      .map((piece) => piece.index)
      .sort((a, b) => a - b);
  }

  /** Leads with one sentence (and the next when it carries on), an item as a sentence, rows, or code. */
  lead(piece: Piece) {
    const { question, main, blocks } = this;
    const unit = blocks[piece.block];
    if (piece.kind === 'sentence' && unit.type === 'paragraph') {
      const all = sentences(unit.text);
      const next = all[piece.index + 1];
      const carriesOn =
        next &&
        main.pieces.find((other) => other.block === piece.block && other.index === piece.index + 1)!.score >=
          piece.score * 0.5;
      this.used.add(piece.block);
      // A sentence that points back ("Their names are read-only…") brings the one it points to.
      const leans =
        (LEADING_PRONOUN.test(all[piece.index]) || POINTS_BACK.test(all[piece.index])) &&
        !SELF_REFERENCE.test(all[piece.index]);
      const from = piece.index > 0 && leans ? piece.index - 1 : piece.index;
      const quoted = [...all.slice(from, piece.index + 1), ...(carriesOn ? [next] : [])];
      this.paragraph(quoted.join(' '));
      // A sentence that introduces what follows ("…in the right order:") brings it along.
      if (quoted.at(-1)!.endsWith(':') && quoted.at(-1) === all.at(-1) && blocks[piece.block + 1])
        this.whole(piece.block + 1);
    } else if (piece.kind === 'item' && unit.type === 'list') {
      this.leadItem(piece, unit);
    } else if (piece.kind === 'row' && piece.table && (question.focus === 'value' || piece.table !== unit)) {
      // The value's row (and rows as relevant) under the table's header, on their own.
      const table = piece.table;
      const rows = this.rowsNear((other) => other.table === table, piece.score);
      this.used.add(piece.block);
      this.out.push(quoteUnit({ ...table, rows: rows.map((row) => table.rows[row]) }, this.c));
    } else if (piece.kind === 'row') {
      const block = piece.block;
      this.withIntro(
        block,
        this.rowsNear((other) => other.block === block && other.kind === 'row', piece.score),
      );
    } else {
      this.withIntro(piece.block);
    }
  }

  /** Leads with a list item: the sentence that holds a value, an item's one sentence, or the list. */
  private leadItem(piece: Piece, unit: PlainList) {
    const { question } = this;
    const item = unit.items[piece.index];
    const [first, ...rest] = item.units;
    const said = item.units.flatMap((part) => (part.type === 'paragraph' ? sentences(part.text) : []));
    if (question.focus === 'value' && question.shape && said.length) {
      // The item's sentence that holds the value, on its own.
      const scored = said.map((text) => ({
        text,
        score: coverage(question, text) + (holdsValue(question, text) ? 0.25 : 0),
      }));
      this.used.add(piece.block);
      this.paragraph(scored.sort((a, b) => b.score - a.score)[0].text);
    } else if (first?.type === 'paragraph' && !rest.length && !unit.ordered) {
      // An item that holds more than its sentence (a nested list, code) stays whole in its list.
      this.used.add(piece.block);
      this.paragraph(first.text);
      if (first.text.endsWith(':') && this.blocks[piece.block + 1]) this.whole(piece.block + 1);
    } else {
      this.withIntro(piece.block);
    }
  }
}

/** How far below the answer's best sentence another paragraph's sentence may score and still follow it. */
const SECOND_SENTENCE_GAP = 0.15;

/** Whether `text` says a question word that `said` (the answer so far) does not. */
function addsWanted(question: Question, said: string, text: string): boolean {
  const before = termsOf(said);
  const own = termsOf(text);
  return question.wanted.some((want) => !question.has(before, want) && question.has(own, want));
}

/** The list that holds the procedure: the one with the best step, numbered lists first. */
function procedureOf(main: Ranked): number {
  const lists = main.blocks
    .map((unit, block) => ({ unit, block }))
    .filter(({ unit }) => unit.type === 'list')
    .map(({ unit, block }) => ({
      block,
      score:
        Math.max(0, ...main.pieces.filter((piece) => piece.block === block).map((piece) => piece.score)) +
        ((unit as PlainList).ordered ? 0.2 : 0),
    }))
    .sort((a, b) => b.score - a.score || a.block - b.block);
  return lists[0].block;
}

/** The same page's fix section, after a cause, when the question is about something going wrong. */
function fixAfterCause(question: Question, main: Ranked, others: Ranked[]): Ranked | undefined {
  if (question.focus !== 'cause' || !TROUBLE.test(question.text)) return undefined;
  return others.find(
    (other) => pageOf(other.source.url) === pageOf(main.source.url) && FIX.test(other.heading),
  );
}

function compose(
  question: Question,
  main: Ranked,
  others: Ranked[],
  cite: (ranked: Ranked) => string,
): { blocks: string[]; from: string[] } {
  const writer = new AnswerWriter(question, main, cite(main));
  const { out } = writer;
  const from = [main.source.url];
  const byScore = [...main.pieces].sort(
    (a, b) => b.score - a.score || a.block - b.block || a.index - b.index,
  );
  const best = byScore[0];
  const hasStep = main.pieces.some(
    (piece) =>
      piece.kind === 'item' &&
      piece.score >= best.score - ((main.blocks[piece.block] as PlainList).ordered ? 0.3 : 0.15),
  );
  if (question.focus === 'steps' && hasStep) {
    // The procedure, from its first step to its end.
    writer.withIntro(procedureOf(main));
  } else if (question.focus === 'cause' && CAUSE.test(main.heading)) {
    // The cause, whole but short: its opening blocks.
    for (let block = 0; block < main.blocks.length && block < 2; block++) writer.whole(block);
  } else {
    writer.lead(best);
    // A question that asks two things ("the Api or the Portal") may have its second answer in another
    // paragraph of the section: its best sentence follows when it says a question word the first does not.
    const second = byScore.find(
      (piece) =>
        piece.kind === 'sentence' &&
        !writer.has(piece.block) &&
        piece.score >= Math.max(MIN_SCORE, best.score - SECOND_SENTENCE_GAP) &&
        addsWanted(question, out.join(' '), piece.text),
    );
    if (second) writer.lead(second);
  }

  // A cause is followed by its fix when the question is about something going wrong.
  const fix = fixAfterCause(question, main, others);
  const procedure = fix ? fix.blocks.findIndex((unit) => unit.type === 'list') : -1;
  if (fix && procedure >= 0) {
    const before = fix.blocks[procedure - 1];
    // Under the fix section's own heading, so that its steps do not run on from the cause's list.
    out.push(unitsMarkdown([{ type: 'heading', depth: 4, text: fix.heading }]));
    if (before?.type === 'paragraph') out.push(quoteUnit(before, cite(fix)));
    out.push(quoteUnit(fix.blocks[procedure], before?.type === 'paragraph' ? '' : cite(fix)));
    from.push(fix.source.url);
  }

  // A question about commands gets the section's code too, when the answer has none yet.
  if (question.asksForCode && !out.some((block) => block.startsWith('```'))) {
    const code = byScore.find((piece) => piece.kind === 'code' && piece.score >= MIN_SCORE);
    if (code) writer.withIntro(code.block);
  }
  return { blocks: out, from };
}

export function answerFromSources(question: string, sources: Source[]): Answer {
  const asked = questionOf(question, sources);
  const pages = asked.wanted.length ? rankedPages(asked, sources) : [];
  const numbered = numberSources(pages.length ? pages.map((entry) => entry.source) : distinctPages(sources));
  const main = pages[0];
  if (!main || main.score < MIN_SCORE || !main.pieces.length)
    return {
      markdown: [
        NO_ANSWER,
        ...(numbered.length
          ? [
              '',
              'The closest pages:',
              '',
              // Brackets in a title would end the link text early.
              ...numbered.map((source) => `- [${source.title.replace(/[[\]]/g, '')}](${pageOf(source.url)})`),
            ]
          : []),
      ].join('\n'),
      sources: numbered,
      answered: false,
    };
  const others = sources
    .map((source, i) => rank(asked, source, i))
    .filter((entry) => entry.source !== main.source);
  const cite = (entry: Ranked) =>
    `[${pages.findIndex((page) => pageOf(page.source.url) === pageOf(entry.source.url)) + 1}]`;
  const { blocks, from } = compose(asked, main, others, cite);
  return { markdown: blocks.join('\n\n'), sources: numbered, answered: true, from };
}

/** One source per page, in their order. */
function distinctPages(sources: Source[]): Source[] {
  const seen = new Set<string>();
  return sources.filter((source) => !seen.has(pageOf(source.url)) && Boolean(seen.add(pageOf(source.url))));
}
