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
import { answerFromSources, AUDIENCE, sentences, type Answer, type Source } from '@services-manager-docs/core/ask/extractive';
import { parseMarkdown, type Block, type Inline } from '@services-manager-docs/core/ask/markdown';
import { retrieveSources } from '@services-manager-docs/core/ask/retrieve';
import { unitsFromText, type PlainUnit } from '@services-manager-docs/core/ask/units';

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
  checks: ReaderChecks;
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
  brokenUnits: number;
  flattenedRows: number;
  audienceLines: number;
  duplicatePages: number;
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
const sectionKey = (url: string) => {
  const [page, anchor] = url.split('#');
  return anchor ? `${pageOf(page)}#${anchor}` : pageOf(page);
};

const inlineText = (nodes: Inline[]): string =>
  nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'code') return node.text;
      if (node.type === 'cite') return '';
      return inlineText(node.children);
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
    return [first.header, first.rows[0] ?? []].map((row) => row.map(inlineText).join(' | ')).join('\n');
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
  const units = allUnits(quoted.flatMap((source) => source.units ?? unitsFromText(source.text)));
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
    results.push({
      ...entry,
      answer,
      stated: entry.facts.filter((fact) => text.includes(comparable(fact))),
      cited,
      citesPage: labelled.some((section) => cited.includes(pageOf(section))),
      fromSection: Boolean(from[0] && labelled.includes(from[0])),
      retrieved: sources.some((source) => labelled.includes(sectionKey(source.url))),
      valueFirst: entry.facts.every((fact) => first.includes(comparable(fact))),
      checks: readerChecks(
        answer,
        sources.filter((source) => (answer.from ?? []).includes(source.url)),
      ),
    });
  }
  const share = (count: number, of: number) => count / (of || 1);
  const facts = results.reduce((sum, result) => sum + result.facts.length, 0);
  const values = results.filter((result) => result.kind === 'value');
  const count = (check: keyof ReaderChecks) => results.filter((result) => result.checks[check]).length;
  return {
    results,
    factsStated: share(
      results.reduce((sum, result) => sum + result.stated.length, 0),
      facts,
    ),
    pageCited: share(results.filter((result) => result.citesPage).length, results.length),
    fromSection: share(results.filter((result) => result.fromSection).length, results.length),
    fromRetrievedSection: share(
      results.filter((result) => result.retrieved && result.fromSection).length,
      results.filter((result) => result.retrieved).length,
    ),
    retrieved: share(results.filter((result) => result.retrieved).length, results.length),
    valueFirst: share(values.filter((result) => result.valueFirst).length, values.length),
    brokenUnits: count('brokenUnit'),
    flattenedRows: count('flattenedRow'),
    audienceLines: count('audienceLine'),
    duplicatePages: count('duplicatePage'),
    falseAbstentions: results.filter((result) => !result.answer.answered).length,
  };
}

/** The figures and every answer that missed something, for people to read. */
export function reportAsk(evaluation: AskEvaluation, verbose = true): string {
  const { results } = evaluation;
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  const values = results.filter((result) => result.kind === 'value').length;
  const lines = [
    `Ask AI (offline engine), ${results.length} questions:`,
    `  facts stated ${percent(evaluation.factsStated)}, right page cited ${percent(evaluation.pageCited)}`,
    `  answer drawn from the labelled section ${percent(evaluation.fromSection)} (labelled section retrieved for ${percent(evaluation.retrieved)}; answered from it when retrieved ${percent(evaluation.fromRetrievedSection)})`,
    `  value in the first sentence ${percent(evaluation.valueFirst)} of ${values} value questions`,
    `  procedures or code not whole ${evaluation.brokenUnits}, flattened rows ${evaluation.flattenedRows}, audience lines ${evaluation.audienceLines}, duplicate pages in sources ${evaluation.duplicatePages}, false abstentions ${evaluation.falseAbstentions}`,
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
      ...(result.kind === 'value' && !result.valueFirst ? ['value not in the first sentence'] : []),
      ...(result.answer.answered ? [] : ['abstained']),
      ...Object.entries(result.checks).flatMap(([name, found]) => (found ? [`${name}: ${found}`] : [])),
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
