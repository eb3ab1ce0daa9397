/**
 * The default Ask AI engine: an extractive answerer. It builds the answer only from sentences of the
 * retrieved documentation sections, cites each with [n] matching the related sources, and says plainly
 * when the documentation has no answer. It invents nothing and needs no server.
 */
import { processTerm } from '../search/engine';
import { tokenize } from '../search/text';

export type Source = { url: string; title: string; hierarchy: string[]; text: string };

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
  'how do does did doing which what why who whom whose should could would can may might must need want use using used my our we me us'.split(
    ' ',
  ),
);

const termsOf = (text: string) =>
  tokenize(text)
    .filter((word) => !QUESTION_WORDS.has(word))
    .map((word) => processTerm(word))
    .filter((term): term is string => Boolean(term));

/** Sentences of a section, split at sentence ends; list items and short fragments stay whole. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'`(])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.split(/\s+/).length >= 5);
}

/** Share of the question's weighted words a sentence must cover (less its rank penalties) to be used. */
const MIN_SCORE = 0.34;

/** The question's subject words, as a search query for retrieving sources. */
export function searchQueryFor(question: string): string {
  return tokenize(question)
    .filter((word) => !QUESTION_WORDS.has(word))
    .join(' ');
}

type Candidate = { sentence: string; source: number; position: number; score: number; covered: Set<string> };

export function answerFromSources(question: string, sources: Source[], maxSentences = 4): Answer {
  const wanted = [...new Set(termsOf(question))];
  const numbered = numberSources(sources);
  if (!wanted.length || !sources.length) return { markdown: NO_ANSWER, sources: numbered, answered: false };

  const candidates: Candidate[] = sources.flatMap((source, index) =>
    sentences(source.text).map((sentence, position) => ({
      sentence,
      source: index,
      position,
      score: 0,
      covered: new Set(termsOf(`${source.title} ${sentence}`).filter((term) => wanted.includes(term))),
    })),
  );
  // Rarer words in the retrieved text carry more weight.
  const weight = new Map(
    wanted.map((term) => {
      const containing = candidates.filter((candidate) => candidate.covered.has(term)).length;
      return [term, Math.log(1 + candidates.length / (1 + containing))];
    }),
  );
  const total = wanted.reduce((sum, term) => sum + (weight.get(term) ?? 0), 0);
  for (const candidate of candidates) {
    const matched = [...candidate.covered].reduce((sum, term) => sum + (weight.get(term) ?? 0), 0);
    const length = candidate.sentence.split(/\s+/).length;
    // Sources arrive best first: a sentence from a lower-ranked page must match clearly better to win.
    candidate.score =
      matched / (total || 1) - candidate.source * 0.1 - candidate.position * 0.01 - (length > 60 ? 0.2 : 0);
  }

  const chosen: Candidate[] = [];
  const perSource = new Map<number, number>();
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score)) {
    if (chosen.length >= maxSentences || candidate.score < MIN_SCORE) break;
    if ((perSource.get(candidate.source) ?? 0) >= 2) continue;
    if (chosen.some((other) => other.sentence === candidate.sentence)) continue;
    chosen.push(candidate);
    perSource.set(candidate.source, (perSource.get(candidate.source) ?? 0) + 1);
  }
  if (!chosen.length) return { markdown: NO_ANSWER, sources: numbered, answered: false };

  // Keep sentences of one source together and in their original order, so the answer reads in sequence.
  chosen.sort((a, b) => a.source - b.source || a.position - b.position);
  const markdown = chosen
    .map((candidate) => `${candidate.sentence.replace(/\s*$/, '')} [${candidate.source + 1}]`)
    .join(' ');
  return { markdown, sources: numbered, answered: true };
}
