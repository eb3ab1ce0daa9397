import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILD_DIR } from './harness';
import { evaluateAsk, readQuestions, reportAsk } from '../scripts/ask-eval';

/**
 * The offline Ask AI engine over the production build's search index, asked the questions of
 * e2e/data/ask-questions.json (written from the documentation): its answers must state the facts and
 * cite the page each question names.
 */
const cases = readQuestions();

/** Questions that once got no answer, a flattened table or configuration, or an audience sentence. */
const REPORTED = [
  'How do I stop test users from being billed?',
  'How long is an API access token valid?',
  'How long is an idempotency key remembered?',
  'What ports does RabbitMQ over TLS use?',
  'Can I create users through the REST API?',
];

describe('Ask AI, default engine', () => {
  it(`states the facts and cites the right page for ${cases.length} questions`, async () => {
    const evaluation = await evaluateAsk(BUILD_DIR, cases);
    const report = reportAsk(evaluation, false);
    console.log(report);
    assert.ok(cases.length >= 40, 'the evaluation needs at least 40 questions');
    assert.ok(evaluation.factsStated >= 0.85, `facts stated below 85%:\n${report}`);
    assert.ok(evaluation.pageCited >= 0.9, `right page cited below 90%:\n${report}`);
  });

  it('answers the questions readers reported unanswered with the fact in the answer text', async () => {
    const reported = cases.filter((entry) => REPORTED.includes(entry.question));
    assert.equal(reported.length, REPORTED.length);
    const { results } = await evaluateAsk(BUILD_DIR, reported);
    for (const result of results) {
      assert.deepEqual(result.stated, result.facts, `${result.question}\n${result.answer.markdown}`);
      assert.ok(result.citesPage, `${result.question} cites ${result.cited.join(', ')}`);
      assert.doesNotMatch(result.answer.markdown, /This page is for/, result.question);
    }
  });
});
