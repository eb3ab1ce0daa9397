/**
 * The default Ask AI engine: an extractive answerer. It builds the answer only from the retrieved
 * documentation sections (sentences, list items, table rows and lines of code, quoted as they are),
 * puts the passage that answers the question's focus first, cites each with [n] matching the related
 * sources, and says plainly when the documentation has no answer. It invents nothing and needs no server.
 */
import { identifierWords, processTerm } from '../search/engine';
import { tokenize } from '../search/text';
import type { PlainUnit } from '../../plugins/content-model/model';

export type Source = {
  url: string;
  title: string;
  hierarchy: string[];
  text: string;
  /**
   * The section's units as the search index holds them (paragraphs, lists with their nesting and start
   * numbers, tables with header and rows, whole code blocks, admonitions), when the index has them and
   * the whole section fits the sources' size; `text` is the same content as one string.
   */
  units?: PlainUnit[];
};

export type Answer = {
  /** Markdown with [n] citations. */
  markdown: string;
  /** The sources, numbered as the citations use them. */
  sources: (Source & { n: number })[];
  answered: boolean;
};

/** The sources as the citations number them: [1] is the first. */
export const numberSources = (sources: Source[]): Answer['sources'] =>
  sources.map((source, i) => ({ ...source, n: i + 1 }));

export const NO_ANSWER =
  'The documentation does not answer this question directly. Try rephrasing it, or open the related sources below.';

/** Words that shape a question but say nothing about its subject. */
const QUESTION_WORDS = new Set(
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

/** Sentences of a paragraph, split at sentence ends; short fragments are dropped. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'`(])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.split(/\s+/).length >= 5);
}

/** What the question asks for, which decides the passages that answer it. */
export type Focus = 'figure' | 'steps' | 'definition' | 'other';

export function focusOf(question: string): Focus {
  const q = question.toLowerCase().trim();
  if (
    /\bhow (long|many|much|often|big|large|soon|far)\b|\b(which|what) (ports?|versions?|size|limits?|timeout|time|day|hour|number)\b|^when\b|\bport(s)? (does|do|is|are)\b/.test(
      q,
    )
  )
    return 'figure';
  if (/^(how (do|can|should|would) (i|we|you)|how to|what are the steps|steps to)\b/.test(q)) return 'steps';
  if (/^(what (is|are)|what does .+ mean|define|explain)\b/.test(q)) return 'definition';
  return 'other';
}

/** Words of a question that code or configuration answers. */
const CODE_QUESTION =
  /\b(commands?|cmdlets?|scripts?|config\w*|conf|json|yaml|powershell|bash|curl|code|samples?|syntax|files?|settings?|parameters?|listeners?|\w+\.(conf|json|ya?ml|config|ps1))\b/i;

/** Sentences about the page rather than the subject: who it is for, where to read on. */
const AUDIENCE = /^(this (page|article|guide|section|topic|document|reference)\b|it assumes\b)/i;
const NAVIGATION =
  /^(see|read|next|continue|start with|related pages?|for (more|details|the full|a full|an overview)|go to|back to)\b/i;

type Unit = {
  kind: 'sentence' | 'item' | 'row' | 'code';
  /** What the answer quotes: a sentence, a list item's text, a row as "column: value", code lines. */
  text: string;
  source: number;
  position: number;
  /** The list an item belongs to (index into the source's lists), ordered or not. */
  list?: { id: number; ordered: boolean };
  /** For code: the sentence or list item that introduces it, and its language. */
  lead?: string;
  language?: string;
  /** For a list item: the code that belongs to the step. */
  code?: { text: string; language?: string };
  score: number;
  /** The question's words the passage has, and those only its section's title or heading has. */
  terms: Set<string>;
  fromContext: Set<string>;
};

/**
 * A section's stored text (`unitsText` of its units, plugins/content-model/model.ts: paragraph lines,
 * `- ` and `1. ` items, `| a | b |` rows with the header first, fenced code) split into the units an
 * answer may quote. The source's own `units` hold the same content with its structure.
 */
export function unitsOf(text: string, source: number): Omit<Unit, 'score' | 'terms' | 'fromContext'>[] {
  const units: Omit<Unit, 'score' | 'terms' | 'fromContext'>[] = [];
  const lines = text.split('\n');
  let header: string[] | undefined;
  let lists = 0;
  let listId = -1;
  let lastNumber: { id: number; n: number } | undefined;
  let inList = false;
  let lastSentence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const position = units.length;
    const fence = /^```([\w+-]*)/.exec(line);
    if (fence) {
      const code: string[] = [];
      while (++i < lines.length && lines[i] !== '```') code.push(lines[i]);
      const previous = units.at(-1);
      // Code right after a list item belongs to that step; the list goes on after it.
      const step = inList && previous?.kind === 'item' ? previous : undefined;
      const unit = {
        kind: 'code' as const,
        text: code.join('\n'),
        source,
        position,
        lead: step?.text ?? lastSentence,
        language: fence[1],
      };
      if (step) step.code = unit;
      else inList = false;
      units.push(unit);
      header = undefined;
      continue;
    }
    const row = /^\| (.*) \|$/.exec(line);
    if (row) {
      const cells = row[1].split(' | ');
      if (!header) header = cells;
      else
        units.push({
          kind: 'row',
          text: cells
            .map((cell, j) => (header![j] && cell ? `${header![j]}: ${cell}` : cell))
            .filter(Boolean)
            .join('; '),
          source,
          position,
        });
      inList = false;
      continue;
    }
    header = undefined;
    const item = /^(\s*)(?:-|(\d+)\.) (.*)$/.exec(line);
    if (item) {
      // Nested items belong to their parent's list; a new top-level list starts after other content,
      // unless its number carries on the last numbered list (a step's note or code came between).
      const number = Number(item[2] ?? 0);
      if (!inList) listId = !item[1] && number > 1 && lastNumber?.n === number - 1 ? lastNumber.id : lists++;
      inList = true;
      if (item[1]) continue;
      lastNumber = number ? { id: listId, n: number } : undefined;
      units.push({
        kind: 'item',
        text: item[3],
        source,
        position,
        list: { id: listId, ordered: Boolean(item[2]) },
      });
      continue;
    }
    inList = false;
    for (const sentence of sentences(line)) {
      units.push({ kind: 'sentence', text: sentence, source, position: units.length });
      lastSentence = sentence;
    }
  }
  return units;
}

/** Share of the question's weighted words a passage must cover (less its rank penalties) to be used. */
const MIN_SCORE = 0.34;
/** About how long an answer may be, in words (code lines not counted). */
const MAX_WORDS = 120;
const MAX_CODE_LINES = 6;
const MAX_STEPS = 8;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const hasFigure = (text: string) => /\d/.test(text);
/** A figure with what it measures: a duration, size, share, count, time of day, port or version (not a year). */
const QUANTITY =
  /\b\d[\d,.]*\s*(%|percent|seconds?|minutes?|hours?|days?|weeks?|months?|years?|ms|milliseconds|[KMGT]B|characters?|rows?|requests?|users?|times?|attempts?|digits?)(?![\w])|\b\d{1,2}:\d{2}\b|\bports?\s+\d+|\b\d+\.\d+(\.\d+)?\b|\b(?!(19|20)\d\d\b)\d{3,5}\b/i;

/** Two forms of one word: equal, or sharing a long beginning (idempotency / idempotent, configure / configuration). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  let common = 0;
  while (common < a.length && a[common] === b[common]) common++;
  return common >= 5 && common >= Math.min(a.length, b.length) - 2;
}

/**
 * The lines of a code block worth quoting, in their order: those that mention most of the question's
 * words (and, for a figure, hold a number), else the block's start.
 */
function relevantLines(code: string, wanted: string[], figure: boolean): string[] {
  const lines = code.split('\n');
  if (lines.length <= MAX_CODE_LINES) return lines;
  const scored = lines.map((line, i) => ({
    i,
    score:
      termsOf(line).filter((term) => wanted.some((want) => sameWord(term, want))).length +
      (figure && /\d{2,}/.test(line) ? 1 : 0),
  }));
  const best = scored
    .filter((line) => line.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, MAX_CODE_LINES)
    .sort((a, b) => a.i - b.i);
  return best.length ? best.map(({ i }) => lines[i]) : lines.slice(0, MAX_CODE_LINES);
}

export function answerFromSources(question: string, sources: Source[]): Answer {
  const wanted = [...new Set(termsOf(question))];
  const numbered = numberSources(sources);
  const focus = focusOf(question);
  const asksForCode = CODE_QUESTION.test(question);
  const noAnswer = (): Answer => ({
    markdown: [
      NO_ANSWER,
      ...(sources.length
        ? [
            '',
            'The closest pages:',
            '',
            // Brackets in a title would end the link text early.
            ...numbered.map((source) => `- [${source.title.replace(/[[\]]/g, '')}](${source.url})`),
          ]
        : []),
    ].join('\n'),
    sources: numbered,
    answered: false,
  });
  if (!wanted.length || !sources.length) return noAnswer();

  const units: Unit[] = sources.flatMap((source, index) => {
    const context = termsOf(`${source.title} ${source.hierarchy.slice(2).join(' ')}`);
    // A glossary entry (a term under its letter) is quoted with its term: "HaloPSA: A professional…".
    const [group, term] = source.hierarchy.slice(2);
    const entry = /^[A-Z]$/.test(group ?? '') && term ? term : undefined;
    // A page's scope sentence ("This page is for…") is skipped unless it states a figure ("… on port 5672").
    return unitsOf(source.text, index)
      .map((unit) =>
        entry && unit.kind === 'sentence' && unit.position === 0
          ? { ...unit, text: `${entry}: ${unit.text}` }
          : unit,
      )
      .filter(
        (unit) =>
          unit.kind === 'code' ||
          !((AUDIENCE.test(unit.text) && !QUANTITY.test(unit.text)) || NAVIGATION.test(unit.text)),
      )
      .map((unit) => {
        const own = termsOf(unit.kind === 'code' ? `${unit.lead ?? ''} ${unit.text}` : unit.text);
        const terms = new Set(wanted.filter((want) => own.some((term) => sameWord(term, want))));
        // The section's title and heading speak for every passage in it, for less than its own words.
        const fromContext = new Set(
          wanted.filter((want) => !terms.has(want) && context.some((term) => sameWord(term, want))),
        );
        return { ...unit, score: 0, terms, fromContext };
      });
  });
  // Rarer words in the retrieved text carry more weight.
  const weight = new Map(
    wanted.map((term) => {
      const containing = units.filter((unit) => unit.terms.has(term) || unit.fromContext.has(term)).length;
      return [term, Math.log(1 + units.length / (1 + containing))];
    }),
  );
  const total = wanted.reduce((sum, term) => sum + (weight.get(term) ?? 0), 0) || 1;
  for (const unit of units) {
    const matched =
      [...unit.terms].reduce((sum, term) => sum + (weight.get(term) ?? 0), 0) +
      0.6 * [...unit.fromContext].reduce((sum, term) => sum + (weight.get(term) ?? 0), 0);
    const length = wordCount(unit.text);
    let score = matched / total - unit.source * 0.08 - Math.min(unit.position, 20) * 0.004;
    if (unit.kind !== 'code' && length > 60) score -= 0.2;
    // Code answers a question about commands or configuration; otherwise prose says it better.
    if (unit.kind === 'code' && !asksForCode) score -= 0.1;
    if (focus === 'figure' && unit.kind !== 'code')
      score += QUANTITY.test(unit.text) ? 0.2 : hasFigure(unit.text) ? 0.05 : -0.1;
    if (focus === 'steps' && unit.list?.ordered) score += 0.1;
    // A definition names its subject first ("A billing rule tells…"), or is the first sentence of a
    // section headed by the subject (a glossary entry).
    if (focus === 'definition' && unit.kind === 'sentence') {
      const opening = termsOf(unit.text).slice(0, wanted.length);
      const heading = termsOf(sources[unit.source].hierarchy.slice(2).at(-1) ?? '');
      const isSubject = (words: string[]) =>
        words.length > 0 && wanted.every((want) => words.some((term) => sameWord(term, want)));
      const headingIsSubject =
        isSubject(heading) && heading.every((term) => wanted.some((want) => sameWord(term, want)));
      if (isSubject(opening) || (unit.position === 0 && headingIsSubject)) score += 0.4;
    }
    unit.score = score;
  }
  // Glossary-style pages repeat a sentence word for word: the best-placed copy is enough.
  const seen = new Set<string>();
  const ranked = [...units]
    .sort((a, b) => b.score - a.score)
    .filter((unit) => !seen.has(unit.text) && Boolean(seen.add(unit.text)));
  const best = ranked[0];
  if (!best || best.score < MIN_SCORE) return noAnswer();

  const cite = (unit: Unit) => `[${unit.source + 1}]`;
  const blocks: string[] = [];
  let words = 0;
  const used = new Set<Unit>();

  const addSentence = (unit: Unit) => {
    blocks.push(`${unit.text.replace(/\s*$/, '')} ${cite(unit)}`);
    words += wordCount(unit.text);
    used.add(unit);
    // A sentence that introduces a list ("…before the first run:") brings the list along.
    const next = units.find((other) => other.source === unit.source && other.position > unit.position);
    if (unit.text.endsWith(':') && next?.kind === 'item' && !used.has(next))
      addItems(listOf(next).slice(0, MAX_STEPS), Boolean(next.list?.ordered));
  };
  const codeBlock = (code: { text: string; language?: string }) =>
    ['```' + (code.language || 'text'), ...relevantLines(code.text, wanted, focus === 'figure'), '```'].join(
      '\n',
    );
  const addItems = (items: Unit[], ordered: boolean) => {
    const lines = items.map((item, i) =>
      [
        `${ordered ? `${i + 1}.` : '-'} ${item.text} ${cite(item)}`,
        ...(ordered && item.code ? [codeBlock(item.code)] : []),
      ].join('\n'),
    );
    blocks.push(lines.join('\n'));
    for (const unit of units)
      if (
        unit.kind === 'code' &&
        items.some((item) => item.source === unit.source && item.code?.text === unit.text)
      )
        used.add(unit);
    for (const item of items) {
      words += wordCount(item.text);
      used.add(item);
    }
  };
  const addCode = (unit: Unit) => {
    const lead = unit.lead && !AUDIENCE.test(unit.lead) ? unit.lead : `From ${sources[unit.source].title}:`;
    // The sentence that introduces the code may already be in the answer.
    if (!blocks.at(-1)?.startsWith(lead)) blocks.push(`${lead} ${cite(unit)}`);
    for (const other of units)
      if (other.source === unit.source && other.kind === 'sentence' && other.text === lead) used.add(other);
    blocks.push(codeBlock(unit));
    words += wordCount(lead);
    used.add(unit);
  };

  const listOf = (unit: Unit) =>
    units.filter(
      (other) => other.source === unit.source && other.kind === 'item' && other.list?.id === unit.list?.id,
    );

  // The passage that answers, with its structure: a whole numbered list for the steps, the relevant
  // lines of code under the sentence that introduces them, a row of a table, or a sentence.
  const stepsList =
    focus === 'steps'
      ? ranked.find(
          (unit) => unit.list?.ordered && unit.score >= MIN_SCORE && unit.score >= best.score - 0.25,
        )
      : undefined;
  if (stepsList) {
    const items = listOf(stepsList);
    const lead = units.filter(
      (unit) =>
        unit.source === stepsList.source && unit.kind === 'sentence' && unit.position < items[0].position,
    );
    const intro = lead.at(-1);
    if (intro && intro.position === items[0].position - 1 && intro.score > 0) addSentence(intro);
    addItems(items.slice(0, MAX_STEPS), true);
  } else if (best.kind === 'code') addCode(best);
  else if (best.kind === 'item') {
    // A list item answers best with its matching neighbours, as a list.
    const items = listOf(best).filter((item) => item === best || item.score >= MIN_SCORE);
    addItems(items.slice(0, MAX_STEPS), Boolean(best.list?.ordered));
  } else if (best.kind === 'row') {
    addItems(
      ranked
        .filter(
          (unit) => unit.kind === 'row' && unit.source === best.source && unit.score >= best.score - 0.1,
        )
        .slice(0, 4),
      false,
    );
  } else addSentence(best);

  // Then what else supports it, best first, while the answer stays short.
  for (const unit of ranked) {
    if (words >= MAX_WORDS * 0.6 || blocks.length >= 5) break;
    // Support from the answer's own section may score a little lower than support from elsewhere.
    const margin = unit.source === best.source ? 0.3 : 0.25;
    if (used.has(unit) || unit.score < Math.max(MIN_SCORE, best.score - margin)) continue;
    if (focus === 'figure' && !hasFigure(unit.text)) continue;
    if (words + wordCount(unit.text) > MAX_WORDS) continue;
    if (unit.kind === 'code') {
      if (blocks.some((block) => block.startsWith('```'))) continue;
      addCode(unit);
    } else if (unit.kind === 'item' || unit.kind === 'row') addItems([unit], false);
    else addSentence(unit);
  }
  return { markdown: blocks.join('\n\n'), sources: numbered, answered: true };
}
