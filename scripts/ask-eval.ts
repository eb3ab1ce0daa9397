/**
 * The Ask AI evaluation: questions written from the documentation (`e2e/data/ask-questions.json`), each
 * with its kind, the section that answers it (page and heading anchor) and the facts its answer must
 * state, asked of the offline engine over the search index of a production build, exactly as the search
 * dialog retrieves and answers. It measures what a reader sees: the facts, the value in the first
 * sentence, the answer drawn from the right section, procedures and code whole, no table row flattened
 * into "Key: value; Key: value", no line about who a page is for, one entry per page in the sources,
 * and no abstention when the documentation answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { searchBuild } from '@services-manager-docs/core/search/fromBuild';
import {
  answerFromSources,
  AUDIENCE,
  LEADING_PRONOUN,
  sentences,
  type Answer,
  type Source,
} from '@services-manager-docs/core/ask/extractive';
import { parseMarkdown, type Block, type Inline } from '@services-manager-docs/core/ask/markdown';
import { retrieveSources } from '@services-manager-docs/core/ask/retrieve';
import type { PlainUnit } from '@services-manager-docs/core/content/model';
import { readHeldout, sectionKey, type HeldoutCase, type HeldoutSet } from './search-eval';

export const KINDS = [
  'value',
  'how-to',
  'why',
  'troubleshooting',
  'api',
  'powershell',
  'definition',
  'other',
] as const;
export type AskKind = (typeof KINDS)[number];

export type AskCase = {
  question: string;
  kind: AskKind;
  /** The section that answers (`/docs/page#anchor`, or the page for its opening); or several that do. */
  section: string | string[];
  facts: string[];
};

/** What a reader sees wrong in one answer; each check is false when the answer is right on it. */
export type ReaderChecks = {
  /** A numbered list or code block that is not, word for word, a whole unit of the quoted sections. */
  brokenUnit: string | undefined;
  /** A line with a table row written as "Key: value; Key: value". */
  flattenedRow: string | undefined;
  /** A sentence about who the page is for. */
  audienceLine: string | undefined;
  /** A page listed twice in the sources. */
  duplicatePage: string | undefined;
};

/** How an answer is put together; each check is undefined when the answer is right on it. */
export type CompositionChecks = {
  /** A paragraph, bullet or first step that starts with a connective whose sentence was cut ("Then,"). */
  leftoverConnective: string | undefined;
  /** The answer's first word is a pronoun whose noun is not shown ("It", "This", "They"). */
  leadingPronoun: string | undefined;
  /** A reference to something the answer does not show ("see step 2", "the fields below"). */
  unshownReference: string | undefined;
};

export type AskResult = AskCase & {
  answer: Answer;
  /** The facts the answer's text states. */
  stated: string[];
  /** The pages the answer's [n] citations point to. */
  cited: string[];
  citesPage: boolean;
  /** The answer is drawn from (one of) the labelled section(s). */
  fromSection: boolean;
  /** Retrieval brought (one of) the labelled section(s) among the sources the engine chose from. */
  retrieved: boolean;
  /** For a value question: every fact is in the answer's first sentence. */
  valueFirst: boolean;
  /** The answer's first sentence states at least one of the facts: it leads with the answer. */
  factFirst: boolean;
  /** The citations include a labelled section's page and the answer is drawn from a labelled section. */
  sectionCited: boolean;
  checks: ReaderChecks;
  composition: CompositionChecks;
  /** Answered, and no reader or composition check found anything. */
  passed: boolean;
};

export type AskEvaluation = {
  results: AskResult[];
  factsStated: number;
  pageCited: number;
  fromSection: number;
  /** Of the questions whose labelled section was retrieved, the share answered from it. */
  fromRetrievedSection: number;
  /** The share of questions whose labelled section was retrieved. */
  retrieved: number;
  valueFirst: number;
  /** The share of questions whose answer's first sentence states one of the facts. */
  factFirst: number;
  /** The share of questions whose answer cites a labelled page and is drawn from a labelled section. */
  sectionCited: number;
  /** The share of answers that are answered and pass every reader and composition check. */
  compositionPassed: number;
  brokenUnits: number;
  flattenedRows: number;
  audienceLines: number;
  duplicatePages: number;
  leftoverConnectives: number;
  leadingPronouns: number;
  unshownReferences: number;
  falseAbstentions: number;
};

export const QUESTIONS_FILE = path.join(__dirname, '..', 'e2e', 'data', 'ask-questions.json');

const sectionsOf = (entry: AskCase) => [entry.section].flat();

/** The evaluation's questions, checked: a malformed entry stops it with the file and the entry's number. */
export function readQuestions(file = QUESTIONS_FILE): AskCase[] {
  const cases = JSON.parse(fs.readFileSync(file, 'utf8')) as AskCase[];
  cases.forEach((entry, i) => {
    const sections = sectionsOf(entry);
    if (
      typeof entry.question !== 'string' ||
      !KINDS.includes(entry.kind) ||
      !Array.isArray(entry.facts) ||
      !entry.facts.length ||
      !entry.facts.every((fact) => typeof fact === 'string' && fact.trim()) ||
      !sections.length ||
      !sections.every((section) => typeof section === 'string' && section.startsWith('/'))
    )
      throw new Error(
        `${file}: question ${i + 1} needs "question", a "kind" (${KINDS.join(', ')}), non-empty "facts" and a "section" path.`,
      );
  });
  return cases;
}

/** Text as compared for facts: no citations or emphasis marks, one space, lowercase. */
const comparable = (text: string) =>
  text
    .replace(/\[\d+\]/g, ' ')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();

const pageOf = (url: string) => url.split('#')[0].replace(/(.)\/$/, '$1');

/** The text of inline nodes, citations left out; `link` rewrites a link's text (default: kept). */
const inlineText = (nodes: Inline[], link = (text: string) => text): string =>
  nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'code') return node.text;
      if (node.type === 'cite') return '';
      if (node.type === 'link') return link(inlineText(node.children, link));
      return inlineText(node.children, link);
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** Every block of an answer, with the blocks nested in list items. */
function allBlocks(blocks: Block[]): Block[] {
  return blocks.flatMap((block) => [
    block,
    ...(block.type === 'list' ? block.nested.flatMap(allBlocks) : []),
  ]);
}

/** Every unit of a section, with the units nested in lists, admonitions, quotes and tabs. */
function allUnits(units: PlainUnit[]): PlainUnit[] {
  return units.flatMap((unit) => {
    if (unit.type === 'list') return [unit, ...unit.items.flatMap((item) => allUnits(item.units))];
    if (unit.type === 'admonition' || unit.type === 'quote') return [unit, ...allUnits(unit.units)];
    if (unit.type === 'tabs') return [unit, ...unit.tabs.flatMap((tab) => allUnits(tab.units))];
    return [unit];
  });
}

/** The answer's first sentence as a reader meets it: of a paragraph, a list's first item, a table's first row. */
export function firstSentence(markdown: string): string {
  const first = parseMarkdown(markdown)[0];
  if (!first) return '';
  if (first.type === 'paragraph') return sentences(inlineText(first.children))[0] ?? '';
  if (first.type === 'list') return inlineText(first.items[0] ?? []);
  if (first.type === 'table')
    return [first.header, first.rows[0] ?? []]
      .map((row) => row.map((cell) => inlineText(cell)).join(' | '))
      .join('\n');
  if (first.type === 'code') return first.code.split('\n')[0];
  return inlineText(first.children);
}

/** "Column: value; Column: value": a table row flattened into a line. */
const FLATTENED = /(^|[\n|])[^:;\n|]{1,40}: [^;\n|]+; [^:;\n|]{1,40}: /;

/**
 * The checks on one answer. `quoted` are the sections the answer says it quotes (`answer.from`): each
 * numbered list and code block of the answer must be one of their units, whole (every step from the
 * first to the last, every line).
 */
export function readerChecks(answer: Answer, quoted: Source[]): ReaderChecks {
  const blocks = allBlocks(parseMarkdown(answer.markdown));
  const units = allUnits(quoted.flatMap((source) => source.units ?? []));
  const codes = units.flatMap((unit) => (unit.type === 'code' ? [unit.code.replace(/\n+$/, '')] : []));
  const lists = units.flatMap((unit) =>
    unit.type === 'list' && unit.ordered
      ? [unit.items.map((item) => comparable(item.units[0]?.type === 'paragraph' ? item.units[0].text : ''))]
      : [],
  );
  let brokenUnit: string | undefined;
  for (const block of blocks) {
    if (brokenUnit) break;
    if (block.type === 'code' && !codes.includes(block.code.replace(/\n+$/, '')))
      brokenUnit = `code not quoted whole: ${block.code.split('\n')[0]}`;
    if (block.type === 'list' && block.ordered) {
      const items = block.items.map((item) => comparable(inlineText(item)));
      if (!lists.some((list) => list.length === items.length && list.every((text, i) => text === items[i])))
        brokenUnit = `steps not quoted whole: ${block.start}. ${items[0]} … (${items.length} steps)`;
    }
  }
  const text = answer.markdown.replace(/```[\s\S]*?```/g, '');
  const flattened = FLATTENED.exec(text);
  const audience = text
    .split('\n')
    .flatMap((line) => sentences(line.replace(/^\s*(?:[-*+]|\d+\.)\s+/, '')))
    .find((sentence) => AUDIENCE.test(sentence));
  const pages = answer.sources.map((source) => pageOf(source.url));
  const duplicate = pages.find((page, i) => pages.indexOf(page) !== i);
  return {
    brokenUnit,
    flattenedRow: flattened ? flattened[0].trim() : undefined,
    audienceLine: audience,
    duplicatePage: duplicate,
  };
}

/** One step of reading an answer from top to bottom: a paragraph, heading or list item, or a block. */
type ReadStep =
  | {
      kind: 'text';
      role: 'paragraph' | 'heading' | 'item' | 'cell';
      text: string;
      ordered: boolean;
      index: number;
      /** Under a list item: its first line comes before it. */
      nested: boolean;
    }
  | { kind: 'block'; type: Block['type'] };

/**
 * An answer in reading order: each block, then its text; a list's items each followed by the blocks
 * nested under it. Linked text is replaced by "link": a reader can follow a link, so what it names is
 * shown.
 */
function readingOrder(blocks: Block[], nested = false): ReadStep[] {
  const text = (nodes: Inline[]) => inlineText(nodes, () => 'link');
  return blocks.flatMap((block): ReadStep[] => {
    if (block.type === 'paragraph' || block.type === 'heading')
      return [
        { kind: 'block', type: block.type },
        { kind: 'text', role: block.type, text: text(block.children), ordered: false, index: 0, nested },
      ];
    if (block.type === 'list')
      return [
        { kind: 'block', type: 'list' },
        ...block.items.flatMap((item, index): ReadStep[] => [
          { kind: 'text', role: 'item', text: text(item), ordered: block.ordered, index, nested },
          ...readingOrder(block.nested[index] ?? [], true),
        ]),
      ];
    // A table's cells are read before the table counts as shown: "the table above" in one of its own
    // cells points to another table.
    if (block.type === 'table')
      return [
        ...block.rows.flat().map((cell, index): ReadStep => ({
          kind: 'text',
          role: 'cell',
          text: text(cell),
          ordered: false,
          index,
          nested,
        })),
        { kind: 'block', type: 'table' },
      ];
    return [{ kind: 'block', type: block.type }];
  });
}

/**
 * Words that tie a sentence to the one before it. With a comma: "At the end,", "Finally,", "However,";
 * "Then", "Also", "And", "But", "Otherwise" also without one ("Then restart the service.").
 */
const CONNECTIVE =
  /^(?:(?:at the end|after that|afterwards|finally|next|in addition|additionally|furthermore|moreover|however|instead|besides|similarly|likewise|as a result|therefore|thus|in this case|in that case|in both cases|for this reason|at this point|once done)\s*,|(?:then|also|and|but|otherwise)\b(?:\s*,|\s+[a-z]))/i;

/**
 * The first sentence of a paragraph, a bullet or a procedure's first step that starts with a connective:
 * nothing before it in the answer says what it continues ("At the end, the wizard…" cut from a
 * procedure). A step after the first, a sentence after another in its paragraph, and what is nested
 * under a list item (after its first line) have their context.
 */
export function leftoverConnective(markdown: string): string | undefined {
  for (const step of readingOrder(parseMarkdown(markdown))) {
    if (
      step.kind !== 'text' ||
      step.role === 'heading' ||
      step.role === 'cell' ||
      step.nested ||
      (step.ordered && step.index > 0)
    )
      continue;
    const first = sentences(step.text)[0];
    if (first && CONNECTIVE.test(first)) return first;
  }
  return undefined;
}

/** The answer's first sentence when its first word is a pronoun (or "This …") whose noun is not shown. */
export function leadingPronoun(markdown: string): string | undefined {
  const first = parseMarkdown(markdown)[0];
  if (!first || first.type === 'table' || first.type === 'code') return undefined;
  const sentence = firstSentence(markdown);
  return LEADING_PRONOUN.test(sentence) ? sentence : undefined;
}

/** What a reference may point to, by the block that would show it; [] when an answer never shows it. */
const SHOWN_BY: [RegExp, Block['type'][]][] = [
  [/^(?:tables?|columns?|rows?)$/, ['table']],
  [
    /^(?:lists?|steps?|procedures?|fields?|settings?|options?|values?|parameters?|properties|permissions|roles)$/,
    ['list', 'table'],
  ],
  [
    /^(?:examples?|commands?|code|scripts?|output|snippets?|lines?|entry|entries|messages?|errors?)$/,
    ['code', 'table', 'list'],
  ],
  [/^(?:screenshots?|images?|figures?|diagrams?|pictures?)$/, []],
];
const NOUNS =
  'tables?|columns?|rows?|lists?|steps?|procedures?|fields?|settings?|options?|values?|parameters?|properties|permissions|roles|examples?|commands?|code|scripts?|output|snippets?|lines?|entry|entries|messages?|errors?|screenshots?|images?|figures?|diagrams?|pictures?';
const FORWARD = new RegExp(
  // "the values below", not "values below 1024".
  `\\b(?:following|below)\\s+(${NOUNS})\\b|\\b(${NOUNS})\\s+(?:below|that follows?)\\b(?!\\s*(?:\\d|the\\b|a\\b|an\\b|zero\\b))`,
  'i',
);
const BACKWARD = new RegExp(`\\b(${NOUNS})\\s+above\\b(?!\\s*(?:\\d|the\\b|a\\b|an\\b|zero\\b))`, 'i');
/** Points ahead without naming what: something must follow. */
const AHEAD =
  /\b(?:see|shown|described|listed|explained|given|detailed) below\b|\bas follows\b|\bthe following\s*:/i;
/** Points back without naming what: something must come before. */
const BEHIND = /\b(?:see|shown|described|listed|explained|mentioned|noted|given) above\b/i;
/** Parts of the page an answer never shows. */
const ELSEWHERE =
  /\bthe (?:previous|preceding|next|following) (?:section|page|article|chapter|heading)\b|\b(?:earlier|later|elsewhere) (?:in|on) this (?:page|article|section)\b|\bsections? above\b/i;
/** "see step 2", "steps 2 to 4"; not "step 2 of the wizard". */
const STEP = /\bsteps? (\d+)\b(?:\s*(?:-|–|to|and|or)\s*(\d+)\b)?(?!\s+of\b)/i;
const PREVIOUS_STEP = /\bthe (?:previous|preceding) step\b/i;

/**
 * The first sentence that refers to something the answer does not show: a step number its procedure
 * does not have ("see step 2"), a table, list, code or picture said to follow or precede that does not
 * ("the fields below", "the following table"), another section of the page ("the next section"), or a
 * sentence that ends in a colon with nothing after it.
 */
export function unshownReference(markdown: string): string | undefined {
  const blocks = parseMarkdown(markdown);
  const order = readingOrder(blocks);
  const numbered = allBlocks(blocks).flatMap((block) =>
    block.type === 'list' && block.ordered ? [[block.start, block.start + block.items.length - 1]] : [],
  );
  const shows = (noun: string, steps: ReadStep[]) => {
    const types = SHOWN_BY.find(([pattern]) => pattern.test(noun.toLowerCase()))?.[1] ?? [];
    return steps.some((step) => step.kind === 'block' && types.includes(step.type));
  };
  for (const [at, step] of order.entries()) {
    if (step.kind !== 'text') continue;
    const before = order.slice(0, step.role === 'item' || step.role === 'cell' ? at : at - 1);
    const after = order.slice(at + 1);
    const all = sentences(step.text);
    for (const [i, sentence] of all.entries()) {
      const fail = () => sentence;
      const last = i === all.length - 1;
      const stepRef = STEP.exec(sentence);
      if (
        stepRef &&
        [stepRef[1], stepRef[2]]
          .filter(Boolean)
          .some((n) => !numbered.some(([from, to]) => Number(n) >= from && Number(n) <= to))
      )
        return fail();
      const forward = FORWARD.exec(sentence);
      if (forward && !shows(forward[1] ?? forward[2], after)) return fail();
      const backward = BACKWARD.exec(sentence);
      if (backward && !shows(backward[1], before)) return fail();
      if (AHEAD.test(sentence) && !after.some((next) => next.kind === 'block')) return fail();
      if (BEHIND.test(sentence) && !before.some((previous) => previous.kind === 'block')) return fail();
      if (ELSEWHERE.test(sentence)) return fail();
      if (PREVIOUS_STEP.test(sentence) && !(step.ordered && step.index > 0)) return fail();
      if (last && sentence.endsWith(':') && !after.length) return fail();
    }
  }
  return undefined;
}

/** The composition checks on one answer's text. */
export function compositionChecks(markdown: string): CompositionChecks {
  return {
    leftoverConnective: leftoverConnective(markdown),
    leadingPronoun: leadingPronoun(markdown),
    unshownReference: unshownReference(markdown),
  };
}

export async function evaluateAsk(buildDir: string, cases = readQuestions()): Promise<AskEvaluation> {
  const provider = searchBuild(buildDir);
  const results: AskResult[] = [];
  for (const entry of cases) {
    const sources = await retrieveSources(provider, entry.question);
    const answer = answerFromSources(entry.question, sources);
    const text = comparable(answer.answered ? answer.markdown : '');
    const cited = answer.answered
      ? [
          ...new Set(
            [...answer.markdown.matchAll(/\[(\d+)\]/g)].flatMap((match) => {
              const source = answer.sources[Number(match[1]) - 1];
              return source ? [pageOf(source.url)] : [];
            }),
          ),
        ]
      : [];
    const labelled = sectionsOf(entry).map(sectionKey);
    const from = (answer.from ?? []).map(sectionKey);
    const first = comparable(firstSentence(answer.answered ? answer.markdown : ''));
    const citesPage = labelled.some((section) => cited.includes(pageOf(section)));
    const fromSection = Boolean(from[0] && labelled.includes(from[0]));
    const checks = readerChecks(
      answer,
      sources.filter((source) => (answer.from ?? []).includes(source.url)),
    );
    const composition = compositionChecks(answer.answered ? answer.markdown : '');
    results.push({
      ...entry,
      answer,
      stated: entry.facts.filter((fact) => text.includes(comparable(fact))),
      cited,
      citesPage,
      fromSection,
      retrieved: sources.some((source) => labelled.includes(sectionKey(source.url))),
      valueFirst: entry.facts.every((fact) => first.includes(comparable(fact))),
      factFirst: entry.facts.some((fact) => first.includes(comparable(fact))),
      sectionCited: citesPage && fromSection,
      checks,
      composition,
      passed:
        answer.answered &&
        [...Object.values(checks), ...Object.values(composition)].every((found) => found === undefined),
    });
  }
  const share = (count: number, of: number) => count / (of || 1);
  const facts = results.reduce((sum, result) => sum + result.facts.length, 0);
  const values = results.filter((result) => result.kind === 'value');
  const count = (check: keyof ReaderChecks) => results.filter((result) => result.checks[check]).length;
  const composed = (check: keyof CompositionChecks) =>
    results.filter((result) => result.composition[check]).length;
  const of = (test: (result: AskResult) => boolean) => share(results.filter(test).length, results.length);
  return {
    results,
    factsStated: share(
      results.reduce((sum, result) => sum + result.stated.length, 0),
      facts,
    ),
    pageCited: of((result) => result.citesPage),
    fromSection: of((result) => result.fromSection),
    fromRetrievedSection: share(
      results.filter((result) => result.retrieved && result.fromSection).length,
      results.filter((result) => result.retrieved).length,
    ),
    retrieved: of((result) => result.retrieved),
    valueFirst: share(values.filter((result) => result.valueFirst).length, values.length),
    factFirst: of((result) => result.factFirst),
    sectionCited: of((result) => result.sectionCited),
    compositionPassed: of((result) => result.passed),
    brokenUnits: count('brokenUnit'),
    flattenedRows: count('flattenedRow'),
    audienceLines: count('audienceLine'),
    duplicatePages: count('duplicatePage'),
    leftoverConnectives: composed('leftoverConnective'),
    leadingPronouns: composed('leadingPronoun'),
    unshownReferences: composed('unshownReference'),
    falseAbstentions: results.filter((result) => !result.answer.answered).length,
  };
}

/** The held-out file's questions that Ask AI answers (every kind but `keyword`), of one set. */
export function heldoutAskCases(set: HeldoutSet, cases: HeldoutCase[] = readHeldout()): AskCase[] {
  return cases
    .filter((entry) => entry.set === set && entry.kind !== 'keyword')
    .map(({ question, kind, section, facts }) => ({ question, kind: kind as AskKind, section, facts }));
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * The figures of several evaluations side by side (e.g. the development questions beside the held-out
 * file's dev and held-out sets), overall and by kind; figures only, never a question, so it may print
 * the held-out set.
 */
export function formatAskColumns(columns: { label: string; evaluation: AskEvaluation }[]): string {
  const width = Math.max(18, ...columns.map((column) => column.label.length + 2));
  const line = (label: string, cells: string[]) =>
    `${label.padEnd(52)}${cells.map((cell) => cell.padStart(width)).join('')}`;
  const figure = (pick: (evaluation: AskEvaluation) => string) =>
    columns.map((column) => pick(column.evaluation));
  const kinds = KINDS.filter((kind) =>
    columns.some((column) => column.evaluation.results.some((result) => result.kind === kind)),
  );
  const byKind = (evaluation: AskEvaluation, kind: AskKind) => {
    const results = evaluation.results.filter((result) => result.kind === kind);
    if (!results.length) return '–';
    const facts = results.reduce((sum, result) => sum + result.facts.length, 0);
    const stated = results.reduce((sum, result) => sum + result.stated.length, 0);
    const share = (test: (result: AskResult) => boolean) =>
      Math.round((100 * results.filter(test).length) / results.length);
    return `${results.length}: ${Math.round((100 * stated) / facts)}/${share((result) => result.factFirst)}/${share(
      (result) => result.sectionCited,
    )}/${share((result) => result.passed)}`;
  };
  return [
    line(
      'Ask AI (offline engine)',
      columns.map((column) => column.label),
    ),
    line(
      'questions',
      figure((evaluation) => String(evaluation.results.length)),
    ),
    line(
      'facts stated',
      figure((evaluation) => percent(evaluation.factsStated)),
    ),
    line(
      'a fact in the first sentence',
      figure((evaluation) => percent(evaluation.factFirst)),
    ),
    line(
      'value questions: every fact in the first sentence',
      figure((evaluation) => percent(evaluation.valueFirst)),
    ),
    line(
      'answering section cited',
      figure((evaluation) => percent(evaluation.sectionCited)),
    ),
    line(
      'right page cited',
      figure((evaluation) => percent(evaluation.pageCited)),
    ),
    line(
      'labelled section retrieved',
      figure((evaluation) => percent(evaluation.retrieved)),
    ),
    line(
      'composition and reader checks passed',
      figure((evaluation) => percent(evaluation.compositionPassed)),
    ),
    line(
      '  procedures or code not whole',
      figure((evaluation) => String(evaluation.brokenUnits)),
    ),
    line(
      '  flattened rows / audience lines',
      figure((evaluation) => `${evaluation.flattenedRows} / ${evaluation.audienceLines}`),
    ),
    line(
      '  duplicate pages in sources',
      figure((evaluation) => String(evaluation.duplicatePages)),
    ),
    line(
      '  leftover connectives / leading pronouns',
      figure((evaluation) => `${evaluation.leftoverConnectives} / ${evaluation.leadingPronouns}`),
    ),
    line(
      '  references to what is not shown',
      figure((evaluation) => String(evaluation.unshownReferences)),
    ),
    line(
      '  abstentions',
      figure((evaluation) => String(evaluation.falseAbstentions)),
    ),
    'by kind, n: facts stated / fact first / section cited / passed (%)',
    ...kinds.map((kind) =>
      line(
        `  ${kind}`,
        figure((evaluation) => byKind(evaluation, kind)),
      ),
    ),
  ].join('\n');
}

/** The figures and every answer that missed something, for people to read. */
export function reportAsk(evaluation: AskEvaluation, verbose = true): string {
  const { results } = evaluation;
  const values = results.filter((result) => result.kind === 'value').length;
  const lines = [
    `Ask AI (offline engine), ${results.length} questions:`,
    `  facts stated ${percent(evaluation.factsStated)}, right page cited ${percent(evaluation.pageCited)}`,
    `  answer drawn from the labelled section ${percent(evaluation.fromSection)} (labelled section retrieved for ${percent(evaluation.retrieved)}; answered from it when retrieved ${percent(evaluation.fromRetrievedSection)})`,
    `  value in the first sentence ${percent(evaluation.valueFirst)} of ${values} value questions; a fact in the first sentence ${percent(evaluation.factFirst)}`,
    `  answering section cited ${percent(evaluation.sectionCited)}; composition and reader checks passed ${percent(evaluation.compositionPassed)}`,
    `  procedures or code not whole ${evaluation.brokenUnits}, flattened rows ${evaluation.flattenedRows}, audience lines ${evaluation.audienceLines}, duplicate pages in sources ${evaluation.duplicatePages}, false abstentions ${evaluation.falseAbstentions}`,
    `  leftover connectives ${evaluation.leftoverConnectives}, leading pronouns ${evaluation.leadingPronouns}, references to what is not shown ${evaluation.unshownReferences}`,
  ];
  for (const result of results) {
    const missed = result.facts.filter((fact) => !result.stated.includes(fact));
    const problems = [
      ...(missed.length ? [`facts not stated: ${missed.join(', ')}`] : []),
      ...(result.citesPage ? [] : [`cited ${result.cited.join(', ') || 'nothing'}`]),
      ...(result.fromSection
        ? []
        : [
            `drawn from ${result.answer.from?.[0] ?? 'nothing'}, wanted ${sectionsOf(result).join(' or ')}${result.retrieved ? '' : ' (not retrieved)'}`,
          ]),
      ...(result.kind === 'value' && !result.valueFirst
        ? ['value not in the first sentence']
        : result.factFirst
          ? []
          : ['no fact in the first sentence']),
      ...(result.answer.answered ? [] : ['abstained']),
      ...Object.entries({ ...result.checks, ...result.composition }).flatMap(([name, found]) =>
        found ? [`${name}: ${found}`] : [],
      ),
    ];
    if (!problems.length) continue;
    lines.push(
      `  miss (${result.kind}): ${result.question}`,
      ...problems.map((problem) => `    ${problem}`),
      ...(verbose ? result.answer.markdown.split('\n').map((line) => `    | ${line}`) : []),
    );
  }
  return lines.join('\n');
}
