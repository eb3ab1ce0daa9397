import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { retriever, sectionsFor, type Sources } from '../ask-proxy/sources';
import { searchBuild } from '@services-manager-docs/core/search/fromBuild';
import { startAskProxy, startFakeModel, pointAtAskProxy } from './askProxy';
import { BUILD_DIR, openPage, setupSite, until, visit } from './harness';

const site = setupSite();

/** What the stand-in model answers: Markdown with citations, code, and markup that must stay text. */
const MODEL_ANSWER = [
  'Invoices are created on each **billing day** [1].',
  '',
  '```powershell',
  'Get-SMInvoice -Customer contoso',
  '```',
  '',
  '<img src=x onerror="window.injected=1"><script>window.injected=1</script>',
  '[Run this](javascript:window.injected=1) or read [the billing guide](/docs/billing) [2].',
].join('\n');
const QUESTION = 'When are invoices created';

let model: Awaited<ReturnType<typeof startFakeModel>>;
let proxy: Awaited<ReturnType<typeof startAskProxy>>;
/**
 * The sources the proxy gives the model for the streamed question: the site's own search over the
 * build, then the sections the offline engine would answer from (one per page).
 */
let expected: Sources;

before(async () => {
  model = await startFakeModel(MODEL_ANSWER);
  proxy = await startAskProxy({
    ASK_API_KEY: 'e2e-key',
    ASK_BASE_URL: model.url,
    ASK_MODEL: 'e2e-model',
    ASK_ALLOWED_ORIGINS: new URL(site.url).origin,
    ASK_SECRET: 'e2e-secret-for-signing-conversations-0123456789',
    ASK_RATE_LIMIT: '0',
    ASK_IDLE_TIMEOUT_MS: '3000',
  });
  const question = `${QUESTION} GATE`;
  expected = sectionsFor(question, '', await retriever(searchBuild(BUILD_DIR))(question));
  assert.ok(expected.length >= 2, 'the build has sources about invoices');
});
after(async () => {
  await proxy?.stop();
  await model?.close();
});

async function askAi(page: Page, question: string) {
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill(question);
  await page.getByRole('button', { name: /^Ask AI/ }).click();
}

/** A page whose Ask AI is the model behind the proxy, opened on the home page. */
async function withModel() {
  const opened = await openPage(site);
  await pointAtAskProxy(opened.page, proxy.origin);
  await visit(opened.page, `${site.url}/`);
  return opened;
}

type Recorded = { statuses: string[] };

describe('Ask AI, offline engine', () => {
  it('answers from the docs with sources, copy, feedback, follow-ups, and keeps the conversation', async () => {
    const { page, problems } = await openPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await visit(page, `${site.url}/docs/concepts/introduction`);
    await page.evaluate(() => {
      const statuses: string[] = [];
      (window as unknown as Recorded).statuses = statuses;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[role="dialog"] [role="status"]')) {
          const text = element.textContent ?? '';
          if (statuses.at(-1) !== text) statuses.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('Which port does RabbitMQ use for TLS');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Tab');
    assert.match((await page.evaluate(() => document.activeElement?.textContent)) ?? '', /^Ask AI/);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog');
    await dialog.getByRole('region', { name: 'Related sources' }).waitFor();
    const statuses = await page.evaluate(() => (window as unknown as Recorded).statuses);
    assert.ok(statuses.indexOf('Searching...') >= 0, `statuses: ${statuses.join(' | ')}`);
    assert.ok(
      statuses.indexOf('Thinking...') > statuses.indexOf('Searching...'),
      `statuses: ${statuses.join(' | ')}`,
    );
    await dialog
      .getByText('Answers are generated with AI which can make mistakes. Verify responses.')
      .waitFor();
    const citation = dialog.getByRole('link', { name: /^Source 1:/ }).first();
    assert.equal(await citation.innerText(), '[1]');
    assert.match((await citation.getAttribute('href')) ?? '', /^\/docs\//);

    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await dialog.getByRole('button', { name: 'Copied!', exact: true }).waitFor();
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /\[1\]/);
    await dialog.getByRole('button', { name: 'Like', exact: true }).click();
    await dialog.getByText('Thanks for your feedback!').waitFor();

    await dialog
      .getByRole('textbox', { name: 'Ask a follow-up question' })
      .fill('How do I verify the TLS listener?');
    await dialog.getByRole('button', { name: 'Ask', exact: true }).click();
    await dialog.getByText('How do I verify the TLS listener?').waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[role="dialog"] [aria-label="Related sources"]').length === 2,
    );

    await page.keyboard.press('Escape');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
    await page.keyboard.press('Control+k');
    const recent = page.getByRole('region', { name: 'Recent conversations' });
    await recent.getByRole('button', { name: 'Which port does RabbitMQ use for TLS', exact: true }).click();
    await page.getByText('How do I verify the TLS listener?').waitFor();
    await page.keyboard.press('Escape');
    await recent.getByRole('button', { name: /^Delete the conversation/ }).click();
    await recent.waitFor({ state: 'detached' });
    assert.deepEqual(problems.errors, []);
  });

  it('shows a procedure whole: every step, the fields table under its step, the code block complete', async () => {
    const { page, problems } = await openPage(site);
    await visit(page, `${site.url}/`);
    const ask = async (question: string) => {
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox').fill(question);
      await page.getByRole('button', { name: /^Ask AI/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Copy', exact: true }).waitFor();
      return dialog;
    };
    let dialog = await ask('How do I generate a new Partner Center refresh token with PowerShell?');
    const code = await dialog.locator('pre').first().innerText();
    assert.match(code, /\$credential = Get-Credential/);
    assert.match(code, /-ServicePrincipal -Tenant \$tenantId -UseAuthorizationCode/);
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
    dialog = await ask('How do I add a user to a customer?');
    await dialog.locator('ol > li table').first().waitFor();
    assert.ok((await dialog.locator('ol > li').count()) >= 5, 'every step of the procedure');
    assert.deepEqual(problems.errors, []);
  });

  it('says plainly when the documentation has no answer', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/`);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('sourdough bread recipe');
    await page.getByRole('button', { name: /^Ask AI/ }).click();
    await page.getByText('The documentation does not answer this question directly.').waitFor();
  });
});

describe('Ask AI, a model behind npm run ask-proxy', () => {
  it('streams the answer, maps its citations to the sources the proxy retrieved, and renders it safely', async () => {
    const { page, problems } = await withModel();
    await askAi(page, `${QUESTION} GATE`);
    const dialog = page.getByRole('dialog');
    // Half the answer is on screen while the model still holds the rest: it streams.
    await dialog.locator('[aria-busy="true"]').getByText('billing day').waitFor();
    assert.equal(await dialog.getByText('the billing guide').count(), 0);
    model.release();
    await dialog.getByRole('region', { name: 'Related sources' }).waitFor();
    await dialog.getByText('Get-SMInvoice -Customer contoso').waitFor();

    // The sources are those the proxy chose from what it retrieved from the build's index, in its order,
    // and [n] links to the n-th of them; the model was given exactly those.
    const listed = await dialog
      .getByRole('region', { name: 'Related sources' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.deepEqual(
      listed,
      expected.map((source) => source.url),
    );
    for (const n of [1, 2])
      assert.equal(
        await dialog.getByRole('link', { name: new RegExp(`^Source ${n}:`) }).getAttribute('href'),
        expected[n - 1].url,
      );
    const prompt = model.requests.at(-1)!.messages.at(-1)!.content;
    for (const source of expected)
      assert.ok(prompt.includes(`[${source.n}] ${source.title} — ${source.url}`));

    assert.equal(await dialog.locator('strong', { hasText: 'billing day' }).count(), 1);
    assert.equal(await dialog.locator('pre code, pre').first().isVisible(), true);
    // Code that exists only in the answer is highlighted once the page has fetched Prism.
    await dialog.locator('pre.language-powershell .token.function').waitFor();
    // Markup in the answer is shown as text; the unsafe link keeps its words but is no link.
    await dialog.getByText('<script>window.injected=1</script>', { exact: false }).waitFor();
    assert.equal(await dialog.locator('script, img[src="x"]').count(), 0);
    assert.equal(await dialog.getByRole('link', { name: 'Run this' }).count(), 0);
    assert.equal(
      await dialog.getByRole('link', { name: 'the billing guide' }).getAttribute('href'),
      '/docs/billing',
    );
    assert.equal(await page.evaluate(() => (window as { injected?: number }).injected), undefined);
    assert.deepEqual(problems.errors, []);
  });

  it('continues the conversation: the model sees the earlier question and its own earlier answer', async () => {
    const { page, problems } = await withModel();
    await askAi(page, QUESTION);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('region', { name: 'Related sources' }).waitFor();
    const before = model.requests.length;
    await dialog.getByRole('textbox', { name: 'Ask a follow-up question' }).fill('Who reviews them?');
    await dialog.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[role="dialog"] [aria-label="Related sources"]').length === 2,
    );
    assert.equal(model.requests.length, before + 1);
    const messages = model.requests.at(-1)!.messages;
    assert.deepEqual(messages.slice(1, 3), [
      { role: 'user', content: QUESTION },
      { role: 'assistant', content: MODEL_ANSWER },
    ]);
    assert.match(messages[3].content, /Question: Who reviews them\?$/);
    assert.equal(await dialog.getByRole('alert').count(), 0);
    assert.deepEqual(problems.errors, []);
  });

  it('shows an upstream error and an upstream time-out as the error state', async () => {
    const { page } = await withModel();
    const dialog = page.getByRole('dialog');
    await askAi(page, `${QUESTION} FAIL`);
    await dialog.getByRole('alert').waitFor();
    assert.match(await dialog.getByRole('alert').innerText(), /answer service had a problem \(HTTP 500\)/);

    await dialog.getByRole('textbox', { name: 'Ask a follow-up question' }).fill(`${QUESTION} SILENT`);
    await dialog.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[role="dialog"] [role="alert"]').length === 2,
      undefined,
      { timeout: 30_000 },
    );
    assert.match(await dialog.getByRole('alert').nth(1).innerText(), /took too long/);
  });

  it('cancels the answer, up to the model, when the dialog closes', async () => {
    const { page } = await withModel();
    await askAi(page, `${QUESTION} HOLD`);
    await page.getByRole('dialog').getByText('Looking this up').waitFor();
    const request = model.requests.at(-1)!;
    assert.equal(request.closed, false);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await until(() => request.closed);
  });
});
