/**
 * The sources an answer may use, retrieved by the proxy itself from the site's built search index,
 * ranked exactly as the site's search ranks them; the browser has no say in them.
 */
import {
  answerFromSources,
  chooseSections,
  numberSources,
  searchQueryFor,
  type Answer,
} from '@services-manager-docs/core/ask/extractive';
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
 * Whether the sources answer the question, judged as the offline engine judges it before it answers (a
 * passage must cover enough of the question's words): questions about anything else, or that try to
 * talk the model out of its instructions, never reach the model. A follow-up may lean on the question
 * before it ("And how long do they wait?").
 */
export function onTopic(question: string, previousQuestion: string, sources: Sources): boolean {
  const asked = capQuestion(question, MAX_QUESTION_WORDS);
  const previous = capQuestion(previousQuestion, MAX_PREVIOUS_WORDS);
  const answers = (text: string) => answerFromSources(text, sources).answered;
  return sources.length > 0 && (answers(asked) || (!!previous && answers(`${asked} ${previous}`)));
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
