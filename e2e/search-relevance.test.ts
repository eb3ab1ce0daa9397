import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILD_DIR } from './harness';
import { formatScores, loadBuiltIndex, PAIRS, scorePairs, topPages as pagesOf } from '../scripts/search-eval';
import { rankSections } from '@services-manager-docs/core/search/engine';

/**
 * Queries a reader would type, each with the page (or pages) that must appear in the top three distinct
 * pages of the results. Runs against the index of the production build, with every shard loaded.
 */
const CASES: [query: string, expected: string | string[]][] = [
  ['kb00017', '/docs/kb/kb00017'],
  ['KB 17', '/docs/kb/kb00017'],
  ['kb5', '/docs/kb/kb00005'],
  ['Install RabbitMQ', '/docs/installation/rabbitmq'],
  ['rabbitmq tls certificate', '/docs/installation/rabbitmq-ssl'],
  ['rabitmq tls', '/docs/installation/rabbitmq-ssl'],
  ['partner center token expired', '/docs/services/microsoftonline/kb/regenerate-partner-center-token'],
  ['regenerate mail token', '/docs/services/microsoftonline/kb/regenerate-mail-token'],
  ['nightly sync email', '/docs/services/microsoftonline/kb/nightly-sync-email'],
  ['exclude test users', '/docs/concepts/platformfeatures/billing/exclude-test-users'],
  ['billng rules', '/docs/concepts/platformfeatures/billing/rules'],
  ['pro-rated mid-month change', ['/docs/concepts/platformfeatures/billing/rules', '/docs/kb/kb00008']],
  ['connectwise', '/docs/concepts/platformfeatures/billing/connectwise'],
  ['autotask', '/docs/concepts/platformfeatures/billing/autotask'],
  ['halopsa', '/docs/concepts/platformfeatures/billing/halopsa'],
  ['bulk import csv', '/docs/getting-started/user-management/bulk-import'],
  ['spreadsheet import users', '/docs/getting-started/user-management/bulk-import'],
  ['user templates', '/docs/getting-started/user-management/user-templates'],
  [
    'import users entra id',
    ['/docs/getting-started/user-management/directory-import', '/docs/services/workspace/ws-entra-import'],
  ],
  ['shared mailbox', '/docs/services/microsoftonline/shared-mailboxes'],
  ['room mailbox', '/docs/services/microsoftonline/resource-mailboxes'],
  ['adfs', '/docs/services/microsoftonline/kb/configure-with-adfs'],
  ['GDAP', '/docs/services/microsoftonline/kb/partner-relationship'],
  ['workspace variables', '/docs/services/workspace/kb/variables'],
  ['OU configuration', '/docs/services/workspace/kb/ou-configuration'],
  ['listCustomers', '/docs/developer/api/reference/list-customers'],
  ['startBillingRun', '/docs/developer/api/reference/start-billing-run'],
  [
    'Get-SMWorkspaceItem',
    [
      '/docs/developer/api/cortex/get-smworkspaceitem',
      '/docs/developer/api/cortex',
      '/docs/developer/api/reference/list-workspace-items',
      '/docs/developer/api/reference/get-workspace-item',
      '/docs/services/workspace/ws-automation',
    ],
  ],
  [
    'request hierarchy',
    ['/docs/developer/api/reference/get-request-hierarchy', '/docs/concepts/provisioning'],
  ],
  ['stuck messages', '/docs/troubleshooting/stuck-messages-rabbitmq'],
  ['messages stuck in a dead letter queue', '/docs/troubleshooting/stuck-messages-rabbitmq'],
  ['error 1053', '/docs/kb/kb00003'],
  ['HTTP Error 500.19', '/docs/kb/kb00002'],
  ['SPF failure', '/docs/kb/kb00027'],
  ['mfa new phone', ['/docs/kb/kb00024', '/docs/services/mfa/setup']],
  ['self-service password reset', '/docs/concepts/platformfeatures/self-service-password-reset'],
  ['brand logo colors', '/docs/concepts/platformfeatures/brand-management'],
  ['local nuget feed', '/docs/installation/localnuget'],
  ['rollback update', '/docs/installation/updates'],
  ['transfer certificates', '/docs/installation/transfer-certification'],
  ['server sizing', ['/docs/installation/prerequisites', '/docs/installation/overview']],
  ['Citrix DaaS', '/docs/services/citrix-daas'],
  ['directory sync', '/docs/services/adsync'],
  ['scheduled jobs', '/docs/concepts/platformfeatures/jobs'],
  ['custom connector', '/docs/developer/provisioning-manager/custom-connectors'],
  ['idempotency key', '/docs/developer/api/api-intro'],
  ['429 too many requests', ['/docs/kb/kb00030', '/docs/developer/api/api-intro']],
  ['subscripton', '/docs/services/microsoftonline/subscriptions'],
  ['Glossary', '/docs/glossary'],
  ['Tracking and billing', '/docs/concepts/tracking-&-billing'],
];

/** Questions as readers type them into the dialog, with the page that answers each. */
const QUESTIONS: [question: string, expected: string | string[]][] = [
  [
    'How do I stop test users from being billed?',
    '/docs/concepts/platformfeatures/billing/exclude-test-users',
  ],
  [
    'How long is an API access token valid?',
    ['/docs/developer/api/api-intro', '/docs/developer/api/reference/request-access-token'],
  ],
  ['How long is an idempotency key remembered?', '/docs/developer/api/api-intro'],
  ['What ports does RabbitMQ over TLS use?', '/docs/installation/rabbitmq-ssl'],
  ['Can I create users through the REST API?', ['/docs/concepts/users', '/docs/developer/api/api-intro']],
  [
    'How do I regenerate an expired Partner Center token?',
    '/docs/services/microsoftonline/kb/regenerate-partner-center-token',
  ],
  ['Why did the nightly sync e-mail not arrive?', '/docs/services/microsoftonline/kb/nightly-sync-email'],
  ['How do I import users from a CSV file?', '/docs/getting-started/user-management/bulk-import'],
  [
    'How are mid-month changes pro-rated?',
    ['/docs/concepts/platformfeatures/billing/rules', '/docs/kb/kb00008'],
  ],
  ['How do I connect Autotask?', '/docs/concepts/platformfeatures/billing/autotask'],
  ['How do I set up multi-factor authentication?', ['/docs/services/mfa/setup', '/docs/services/mfa']],
  ['How do I turn on two-factor authentication?', ['/docs/services/mfa/setup', '/docs/services/mfa']],
  ['How do I sell MSOL through Partner Center?', '/docs/services/microsoftonline/msol-partnercenter'],
  [
    'Which PSA systems can receive invoices?',
    [
      '/docs/concepts/platformfeatures/billing/service-billing-via-psa',
      '/docs/concepts/platformfeatures/billing/connectwise',
      '/docs/concepts/platformfeatures/billing/autotask',
      '/docs/concepts/platformfeatures/billing/halopsa',
    ],
  ],
  ['How do I roll back a failed update?', '/docs/installation/updates'],
  ['How do I enable the RabbitMQ management plugin?', '/docs/installation/rabbitmq'],
  ['What server size do I need for 10,000 users?', '/docs/installation/prerequisites'],
  ['How do I create a shared mailbox?', '/docs/services/microsoftonline/shared-mailboxes'],
  ['How do users book a meeting room?', '/docs/services/microsoftonline/resource-mailboxes'],
  ['How do I fix messages stuck in RabbitMQ?', '/docs/troubleshooting/stuck-messages-rabbitmq'],
  ['Why does the Provisioning service fail to start after a reboot?', '/docs/kb/kb00003'],
  ['How do I add a custom charge to an invoice?', '/docs/concepts/platformfeatures/billing/custom'],
  ['How do users reset their own password?', '/docs/concepts/platformfeatures/self-service-password-reset'],
  ['How do I change the portal logo and colors?', '/docs/concepts/platformfeatures/brand-management'],
  ['How do I install the Cortex PowerShell module?', '/docs/developer/api/cortex'],
  ['When does the billing run job start?', '/docs/concepts/platformfeatures/jobs'],
  [
    'Can a reseller use its own Partner Center account?',
    '/docs/services/microsoftonline/kb/reseller-own-partner-center',
  ],
  ['What does the request log show?', '/docs/concepts/provisioning'],
  ['How do I sync users from on-premises Active Directory?', '/docs/services/adsync'],
  ['How do I transfer certificates to a new server?', '/docs/installation/transfer-certification'],
  ['What is a Workspace role?', '/docs/services/workspace/ws-roles'],
  ['How many rows can a bulk import file have?', '/docs/getting-started/user-management/bulk-import'],
];

const built = loadBuiltIndex(BUILD_DIR);
const { index, sections } = built;
const topPages = (query: string, count: number) => pagesOf(built, query, count);

/** Prints the share of queries whose expected page is in the top three, and every miss; fails below `least`. */
function expectHitRate(label: string, cases: [string, string | string[]][], least: number) {
  const misses = cases
    .filter(([query, expected]) => ![expected].flat().some((page) => topPages(query, 3).includes(page)))
    .map(([query, expected]) => `${query} → wanted ${expected}, got ${topPages(query, 3).join(', ')}`);
  const rate = (cases.length - misses.length) / cases.length;
  console.log(
    `${label}: ${cases.length - misses.length}/${cases.length} (${(rate * 100).toFixed(1)}%) in the top 3`,
  );
  for (const miss of misses) console.log(`  miss: ${miss}`);
  assert.ok(rate >= least, misses.join('\n'));
}

/**
 * Floors with headroom, so that a new page that takes a top-three place from an expected one does not
 * fail the gate, while a change to ranking that loses several does. Measured: queries 49/50 (98%),
 * questions 31/32 (96.9%); the floors allow four and five more misses.
 */
const QUERY_FLOOR = 0.9;
const QUESTION_FLOOR = 0.8;

describe('search relevance', () => {
  it(`finds the expected page in the top three for at least ${QUERY_FLOOR * 100}% of ${CASES.length} queries`, () => {
    expectHitRate('search relevance', CASES, QUERY_FLOOR);
  });

  it(`finds the answering page in the top three for at least ${QUESTION_FLOOR * 100}% of ${QUESTIONS.length} questions`, () => {
    expectHitRate('search relevance, questions', QUESTIONS, QUESTION_FLOOR);
  });

  it(`ranks the answering page as well for ${PAIRS.length} needs asked as a question as in keywords`, () => {
    const scores = scorePairs(built);
    console.log(formatScores(scores));
    const { keywords, question } = scores.all;
    for (const miss of [...keywords.misses, ...question.misses]) console.log(`  miss: ${miss}`);
    // Measured 47/51 and 51/51 in keywords, 46/51 and 51/51 as questions; three cases of headroom each.
    const floors = { keywords: [44, 48], question: [43, 48] };
    for (const [form, [at1, at3]] of Object.entries(floors) as [keyof typeof floors, number[]][]) {
      assert.ok(scores.all[form].at1 >= at1, `${form}: hit@1 ${scores.all[form].at1} below ${at1}`);
      assert.ok(scores.all[form].at3 >= at3, `${form}: hit@3 ${scores.all[form].at3} below ${at3}`);
    }
  });

  it('puts a KB article first for its number in any common form', () => {
    for (const query of ['kb00017', 'KB00017', 'KB 17', 'kb-17', 'KB0017']) {
      assert.equal(topPages(query, 1)[0], '/docs/kb/kb00017', query);
    }
  });

  it('puts a page first when the query is its exact title', () => {
    for (const title of ['Install RabbitMQ', 'Custom billing', 'Workspace lists', 'Manage subscriptions']) {
      const first = sections[rankSections(index, sections, title)[0].id];
      assert.equal(first.title, title);
    }
  });
});
