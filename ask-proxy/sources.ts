/**
 * The sources an answer may use, retrieved by the proxy itself from the site's built search index,
 * ranked exactly as the site's search ranks them; the browser has no say in them.
 */
import {
  answerFromSources,
  chooseSections,
  MIN_SCORE,
  numberSources,
  QUESTION_WORDS,
  scoreSections,
  searchQueryFor,
  type Answer,
} from '@services-manager-docs/core/ask/extractive';
import { identifierWords, processTerm } from '@services-manager-docs/core/search/engine';
import { tokenize } from '@services-manager-docs/core/search/text';
import { retrieveSources } from '@services-manager-docs/core/ask/retrieve';
import type { SourceRef } from '@services-manager-docs/core/ask/protocol';
import type { SearchProvider } from '@services-manager-docs/core/search/types';

export type Sources = Answer['sources'];

/**
 * The most subject words of a question, and of the question before it in a follow-up, that are
 * searched: the search's work grows with the square of the words (it also ranks the sections that
 * have all words but one), so a 1,000-character question must not cost a hundred times a short one.
 */
export const MAX_QUESTION_WORDS = 10;
export const MAX_PREVIOUS_WORDS = 4;

/** The question up to its `max`th subject word (words such as "how" or "does" are not counted). */
export function capQuestion(text: string, max: number): string {
  let count = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (searchQueryFor(match[0])) count++;
    if (count >= max) return text.slice(0, match.index + match[0].length);
  }
  return text;
}

/** Retrieves the sources for a question; a follow-up keeps the previous question's subject in the query. */
export const retriever =
  (search: SearchProvider) =>
  async (question: string, previousQuestion = ''): Promise<Sources> =>
    numberSources(
      await retrieveSources(
        search,
        capQuestion(question, MAX_QUESTION_WORDS),
        capQuestion(previousQuestion, MAX_PREVIOUS_WORDS),
      ),
    );

/**
 * Words that shape a question or a request without naming its subject ("how do I…", "write…", "tell
 * me…"): a question made of them and one common word ("Write a limerick about cats" looks like the
 * custom-connector pages, which say "write") is not about the documentation.
 */
const FRAME_WORDS = new Set(
  [
    ...QUESTION_WORDS,
    ...'write compose tell give show explain describe make please help know like some simple short terms through out get got gets getting via per also just really very but still aren didn doesn don hasn haven isn wasn weren won'.split(
      ' ',
    ),
  ]
    .map((word) => processTerm(word))
    .filter((term): term is string => Boolean(term)),
);

/** The subject words of a text as the index stores them (stemmed, without stop and frame words). */
export const subjectWords = (text: string): string[] => [
  ...new Set(
    tokenize(text)
      .map((word) => processTerm(word))
      .filter((term): term is string => Boolean(term) && !FRAME_WORDS.has(term!)),
  ),
];

/**
 * The reference pages' code samples: the same call in five programming languages, whose words
 * ("string", "Java", "import") would make a question about programming look covered.
 */
const isCodeSamples = (source: Sources[number]) => source.url.endsWith('#code-samples');

/** A section's words, as subject words; CamelCase identifiers also give their parts. */
const sectionWords = (source: Sources[number]) => {
  if (isCodeSamples(source)) return new Set<string>();
  const text = `${source.title} ${source.hierarchy.join(' ')} ${source.text}`;
  return new Set(subjectWords(`${text} ${identifierWords(text)}`));
};

/** Two forms of one word: equal, or sharing a long beginning (idempotency / idempotent). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  let common = 0;
  while (common < a.length && a[common] === b[common]) common++;
  return common >= 5 && common >= Math.max(a.length, b.length) - 3;
}

/**
 * Requests to drop the instructions or reveal them, in their common phrasings: refused whatever the
 * sources say ("What is your system prompt?" has two words the installation pages use).
 */
const INJECTION = [
  /\b(ignore|disregard|forget|override|bypass)\b.{0,60}\b(instructions?|rules|prompts?|guidelines|guardrails|context|everything|above|previous|prior)\b/i,
  /\b(system|hidden|initial|original|secret|developer)\s+(prompt|instructions?|message|rules)\b/i,
  /\byour\s+(instructions|prompt|rules|guidelines)\b/i,
  /\b(you are now|from now on you|pretend (to be|you are)|act as|role-?play|jailbreak|do anything now)\b/i,
  /\byou are an? (unrestricted|unfiltered|uncensored|jailbroken)\b/i,
  /\b(repeat|print|output|reveal|show)\b.{0,40}\b(above|verbatim|word for word)\b/i,
];

/**
 * Requests for a kind of text the documentation never is (a résumé, a poem, a recipe, a speech, a
 * textbook programming exercise): refused even when each of their words occurs in some page ("Write a
 * resume for a software engineer", "Write a Python function to reverse a linked list").
 */
const GENRE = new RegExp(
  [
    /\b(write|compose|draft|create|generate|make|give me)\b.{0,40}\b(r[eé]sum[eé]s?|cvs?|cover letters?|poems?|limericks?|haikus?|sonnets?|essays?|stor(y|ies)|songs?|lyrics|jokes?|recipes?|speech(es)?|tweets?|novels?|blog posts?)\b/,
    /\b(linked lists?|binary (search )?trees?|(quick|bubble|merge|heap) ?sort|fizz ?buzz|fibonacci|palindromes?|towers? of hanoi)\b/,
  ]
    .map((pattern) => pattern.source)
    .join('|'),
  'i',
);

/** What the gate measured of a question against its sources (see onTopic). */
export type Coverage = {
  /** The question's subject words. */
  words: string[];
  /** Those no retrieved section has. */
  missing: string[];
  /** The share of the words some retrieved section has, and the most one section has. */
  union: number;
  best: number;
  /** The offline engine's highest score of a section (MIN_SCORE answers). */
  score: number;
  injection: boolean;
  /** It asks for a kind of text the documentation is not about (GENRE). */
  genre: boolean;
};

export function coverageOf(question: string, sources: Sources): Coverage {
  const words = subjectWords(question);
  const sections = sources.map(sectionWords);
  const has = (section: Set<string>, word: string) => [...section].some((term) => sameWord(term, word));
  const covered = words.map((word) => sections.some((section) => has(section, word)));
  const share = (count: number) => (words.length ? count / words.length : 0);
  return {
    words,
    missing: words.filter((_, i) => !covered[i]),
    union: share(covered.filter(Boolean).length),
    best: Math.max(0, ...sections.map((section) => share(words.filter((word) => has(section, word)).length))),
    score: words.length
      ? Math.max(0, ...scoreSections(question, sources).map((section) => section.score))
      : 0,
    injection: INJECTION.some((pattern) => pattern.test(question)),
    genre: GENRE.test(question),
  };
}

/**
 * The gate's bars, measured on the production build's index (e2e/ask-gate.test.ts): every on-topic
 * question of the evaluation sets passes, every off-topic prompt of the test is refused.
 */
export const GATE = {
  /** One retrieved section holds at least this share of the question's subject words. */
  best: 0.5,
  /** Some retrieved section has each of them, or at least this share when the best section answers well… */
  union: 0.65,
  /**
   * …that is, with an offline score this high (MIN_SCORE, 0.32, answers at all). 0.6 refused 15 of the
   * 191 held-out questions and 10 of the 91 dev ones, most of them well answered but for one word the
   * docs put otherwise ("halfway", "the same domain"); 0.5 refuses 9 and 3 (10 and 3 since the offline
   * engine prefers the search's first hit, which may keep a page's better-scored section out).
   */
  strongScore: 0.5,
};

/** Whether a question passes the gate against its sources: see onTopic. */
export function passes(coverage: Coverage): boolean {
  if (coverage.injection || coverage.genre || !coverage.words.length) return false;
  if (coverage.score < MIN_SCORE || coverage.best < GATE.best) return false;
  return coverage.union === 1 || (coverage.union >= GATE.union && coverage.score >= GATE.strongScore);
}

/**
 * Whether the sources answer the question, so that it may go to the model. The question's subject
 * words (not its frame: "how do I", "write", "tell me") must be words of the retrieved sections, all of
 * them or two thirds when the best section answers well, and one section must hold half of them; the
 * offline engine must find a section that answers (a passage covering enough of the question's words);
 * and the question must not ask the model to drop or reveal its instructions. Questions about anything
 * else never reach the model. A follow-up may lean on the question before it ("And how long do they
 * wait?").
 */
export function onTopic(question: string, previousQuestion: string, sources: Sources): boolean {
  const asked = capQuestion(question, MAX_QUESTION_WORDS);
  const previous = capQuestion(previousQuestion, MAX_PREVIOUS_WORDS);
  if (!sources.length || INJECTION.some((pattern) => pattern.test(question))) return false;
  const answers = (text: string) =>
    passes(coverageOf(text, sources)) && answerFromSources(text, sources).answered;
  return answers(asked) || (!!previous && answers(`${asked} ${previous}`));
}

/**
 * The sections a model answers from: the ones the offline engine would answer from, best first and one
 * per page, renumbered; a follow-up may lean on the question before it. All retrieved sources when the
 * engine chooses none.
 */
export function sectionsFor(question: string, previousQuestion: string, sources: Sources): Sources {
  const asked = capQuestion(question, MAX_QUESTION_WORDS);
  const previous = capQuestion(previousQuestion, MAX_PREVIOUS_WORDS);
  const chosen = chooseSections(asked, sources);
  const withPrevious = chosen.length || !previous ? chosen : chooseSections(`${asked} ${previous}`, sources);
  return withPrevious.length ? numberSources(withPrevious) : sources;
}

/** What the browser is told about the sources: enough to list them and link the citations. */
export const refsOf = (sources: Sources): SourceRef[] =>
  sources.map(({ n, url, title, hierarchy }) => ({ n, url, title, hierarchy }));
