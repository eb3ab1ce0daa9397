import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILD_DIR, openPage, setupSite, visit } from './harness';
import { evaluateAsk, type AskCase } from '../scripts/ask-eval';
import { DEFAULT_ASK_SUGGESTIONS } from '../site.links';

const site = setupSite();

/** The page that answers each suggested question, and what its answer must say. */
const ANSWERED_BY: Record<string, Pick<AskCase, 'section' | 'facts'>> = {
  'How do I add a user to a customer?': {
    section: '/docs/getting-started/user-management',
    facts: ['New user'],
  },
  'How do I exclude test users from billing?': {
    section: '/docs/concepts/platformfeatures/billing/exclude-test-users',
    facts: ['Exclude from billing'],
  },
  'How do I get an access token for the REST API?': {
    section: ['/docs/developer/api/rest-walkthrough', '/docs/developer/api/api-intro'],
    facts: ['/api/v2/oauth/token'],
  },
};

describe("Ask AI's suggested questions", () => {
  it('are each answered by the offline engine from the page that answers them', async () => {
    assert.deepEqual(Object.keys(ANSWERED_BY).sort(), [...DEFAULT_ASK_SUGGESTIONS].sort());
    const cases = DEFAULT_ASK_SUGGESTIONS.map((question): AskCase => ({
      question,
      kind: 'how-to',
      ...ANSWERED_BY[question],
    }));
    const { results } = await evaluateAsk(BUILD_DIR, cases);
    for (const result of results) {
      assert.ok(result.answer.answered, `${result.question}: no answer`);
      assert.ok(result.citesPage, `${result.question}: cites ${result.cited.join(', ')}`);
      assert.deepEqual(result.stated, result.facts, `${result.question}: facts`);
      for (const [check, problem] of Object.entries(result.checks))
        assert.equal(problem, undefined, `${result.question}: ${check}`);
    }
  });

  it('are offered on the start screen, and one click asks', async () => {
    const { page, problems } = await openPage(site);
    await visit(page, `${site.url}/docs`);
    await page.keyboard.press('Control+k');
    const suggestions = page.getByRole('region', { name: 'Ask AI' }).getByRole('button');
    await suggestions.first().waitFor();
    assert.deepEqual(await suggestions.allInnerTexts(), DEFAULT_ASK_SUGGESTIONS);
    await suggestions.nth(1).click();
    const sources = page.getByRole('dialog').getByRole('region', { name: 'Related sources' });
    await sources.waitFor();
    assert.match((await sources.getByRole('link').allInnerTexts()).join('\n'), /Exclude test users/i);
    assert.deepEqual(problems.errors, []);
  });
});
