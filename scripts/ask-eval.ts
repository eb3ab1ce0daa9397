/**
 * The Ask AI evaluation: questions written from the documentation, each with the facts its answer must
 * state and the page it must cite (`e2e/data/ask-questions.json`), asked of the offline engine over the
 * search index of a production build, exactly as the search dialog retrieves and answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { searchBuild } from '../src/search/fromBuild';
import { answerFromSources, type Answer } from '../src/ask/extractive';
import { retrieveSources } from '../src/ask/retrieve';

export type AskCase = { question: string; facts: string[]; page: string | string[] };

export type AskResult = AskCase & {
  answer: Answer;
  /** The facts the answer's text states. */
  stated: string[];
  /** The pages the answer's [n] citations point to. */
  cited: string[];
  citesPage: boolean;
};

export type AskEvaluation = { results: AskResult[]; factsStated: number; pageCited: number };

export const QUESTIONS_FILE = path.join(__dirname, '..', 'e2e', 'data', 'ask-questions.json');

/** The evaluation's questions, checked: a malformed entry stops it with the file and the entry's number. */
export function readQuestions(file = QUESTIONS_FILE): AskCase[] {
  const cases = JSON.parse(fs.readFileSync(file, 'utf8')) as AskCase[];
  cases.forEach((entry, i) => {
    const pages = [entry.page].flat();
    if (
      typeof entry.question !== 'string' ||
      !Array.isArray(entry.facts) ||
      !entry.facts.length ||
      !entry.facts.every((fact) => typeof fact === 'string' && fact.trim()) ||
      !pages.length ||
      !pages.every((page) => typeof page === 'string' && page.startsWith('/'))
    )
      throw new Error(`${file}: question ${i + 1} needs "question", non-empty "facts" and a "page" path.`);
  });
  return cases;
}

/** Text as compared for facts: no citations or emphasis marks, one space, lowercase. */
const comparable = (text: string) =>
  text
    .replace(/\[\d+\]/g, ' ')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

const pageOf = (url: string) => url.split('#')[0].replace(/(.)\/$/, '$1');

export async function evaluateAsk(buildDir: string, cases = readQuestions()): Promise<AskEvaluation> {
  const provider = searchBuild(buildDir);
  const results: AskResult[] = [];
  for (const entry of cases) {
    const answer = answerFromSources(entry.question, await retrieveSources(provider, entry.question));
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
    results.push({
      ...entry,
      answer,
      stated: entry.facts.filter((fact) => text.includes(comparable(fact).trim())),
      cited,
      citesPage: [entry.page].flat().some((page) => cited.includes(page)),
    });
  }
  const facts = results.reduce((sum, result) => sum + result.facts.length, 0);
  const stated = results.reduce((sum, result) => sum + result.stated.length, 0);
  return {
    results,
    factsStated: stated / (facts || 1),
    pageCited: results.filter((result) => result.citesPage).length / (results.length || 1),
  };
}

/** The figures and every answer that missed a fact or the page, for people to read. */
export function reportAsk({ results, factsStated, pageCited }: AskEvaluation, verbose = true): string {
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  const lines = [
    `Ask AI (offline engine), ${results.length} questions: facts stated ${percent(factsStated)}, right page cited ${percent(pageCited)}`,
  ];
  for (const result of results) {
    const missed = result.facts.filter((fact) => !result.stated.includes(fact));
    if (!missed.length && result.citesPage) continue;
    lines.push(
      `  miss: ${result.question}`,
      ...(missed.length ? [`    facts not stated: ${missed.join(', ')}`] : []),
      ...(result.citesPage
        ? []
        : [`    wanted ${[result.page].flat().join(' or ')}, cited ${result.cited.join(', ') || 'nothing'}`]),
      ...(verbose ? result.answer.markdown.split('\n').map((line) => `    | ${line}`) : []),
    );
  }
  return lines.join('\n');
}
