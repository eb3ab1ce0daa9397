/**
 * One need, asked two ways: in the keywords a reader types into a search box and as the question they
 * would ask a colleague, with the page that answers it (read from the docs). The relevance test holds
 * floors on how often each form ranks that page first and in the top three; `npm run bench:search`
 * prints both by kind.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  assembleIndex,
  rankSections,
  unpackSections,
  type IndexBase,
  type SectionMeta,
  type SectionsFile,
  type TermEntry,
} from '@services-manager-docs/core/search/engine';

export const KINDS = ['value', 'how-to', 'why/error', 'troubleshooting', 'API', 'PowerShell'] as const;
export type Kind = (typeof KINDS)[number];

export type Pair = { kind: Kind; keywords: string; question: string; expected: string | string[] };

const pair = (kind: Kind, keywords: string, question: string, expected: string | string[]): Pair => ({
  kind,
  keywords,
  question,
  expected,
});

export const PAIRS: Pair[] = [
  // A figure: a size, a limit, a lifetime, a port, a time.
  pair(
    'value',
    'server sizing 10,000 users',
    'What server size do I need for 10,000 users?',
    '/docs/installation/prerequisites',
  ),
  pair('value', 'access token lifetime', 'How long is an API access token valid?', [
    '/docs/developer/api/api-intro',
    '/docs/developer/api/reference/request-access-token',
  ]),
  // KB00030's cause states the limit too.
  pair('value', 'api rate limit', 'How many requests per minute can an API client make?', [
    '/docs/developer/api/api-intro',
    '/docs/kb/kb00030',
  ]),
  pair(
    'value',
    'rabbitmq tls port',
    'What port does RabbitMQ use for TLS?',
    '/docs/installation/rabbitmq-ssl',
  ),
  pair(
    'value',
    'bulk import maximum rows',
    'How many rows can a bulk import file have?',
    '/docs/getting-started/user-management/bulk-import',
  ),
  pair('value', 'nightly sync schedule', 'What time does the nightly sync run?', [
    '/docs/concepts/platformfeatures/jobs',
    '/docs/services/microsoftonline/kb/nightly-sync-email',
  ]),
  pair(
    'value',
    'password reset code lifetime',
    'How long is a password reset code valid?',
    '/docs/concepts/platformfeatures/self-service-password-reset',
  ),
  pair('value', 'api page size maximum', 'What is the maximum page size of API list calls?', [
    '/docs/developer/api/api-intro',
    '/docs/kb/kb00029',
  ]),
  pair(
    'value',
    'idempotency key duration',
    'How long is an idempotency key remembered?',
    '/docs/developer/api/api-intro',
  ),

  // Steps to do something.
  pair(
    'how-to',
    'portal logo colors',
    'How do I change the portal logo and colors?',
    '/docs/concepts/platformfeatures/brand-management',
  ),
  pair(
    'how-to',
    'exclude test users billing',
    'How do I stop test users from being billed?',
    '/docs/concepts/platformfeatures/billing/exclude-test-users',
  ),
  pair(
    'how-to',
    'import users csv',
    'How do I import users from a CSV file?',
    '/docs/getting-started/user-management/bulk-import',
  ),
  pair(
    'how-to',
    'create shared mailbox',
    'How do I create a shared mailbox?',
    '/docs/services/microsoftonline/shared-mailboxes',
  ),
  pair(
    'how-to',
    'connect autotask',
    'How do I connect Autotask?',
    '/docs/concepts/platformfeatures/billing/autotask',
  ),
  pair('how-to', 'rollback update', 'How do I roll back a failed update?', '/docs/installation/updates'),
  pair(
    'how-to',
    'transfer certificates new server',
    'How do I move certificates to a new server?',
    '/docs/installation/transfer-certification',
  ),
  pair(
    'how-to',
    'enable rabbitmq management plugin',
    'How do I enable the RabbitMQ management plugin?',
    '/docs/installation/rabbitmq',
  ),
  pair('how-to', 'create reseller', 'How do I create a reseller?', '/docs/getting-started/create-reseller'),
  pair('how-to', 'set up mfa', 'How do I set up multi-factor authentication?', '/docs/services/mfa/setup'),

  // An error message or a failure, and why it happens.
  pair(
    'why/error',
    'provisioning service error 1053',
    'Why does the Provisioning service fail to start with error 1053?',
    '/docs/kb/kb00003',
  ),
  pair(
    'why/error',
    'HTTP Error 500.19',
    'Why do the portal and API return HTTP Error 500.19 after installation?',
    '/docs/kb/kb00002',
  ),
  pair(
    'why/error',
    'SPF failure notification',
    'Why are notification e-mails rejected with an SPF failure?',
    '/docs/kb/kb00027',
  ),
  pair(
    'why/error',
    'rabbitmq ACCESS_REFUSED',
    'Why does Provisioning get ACCESS_REFUSED from RabbitMQ?',
    '/docs/kb/kb00004',
  ),
  pair(
    'why/error',
    'mailbox address already in use',
    'Why does mailbox creation fail because the address is already in use?',
    '/docs/kb/kb00018',
  ),
  pair(
    'why/error',
    'reseller api 403 forbidden',
    'Why do API calls from a reseller return 403 Forbidden?',
    '/docs/kb/kb00028',
  ),
  pair(
    'why/error',
    'CREATE DATABASE permission denied',
    'Why does setup fail at Creating databases with permission denied?',
    '/docs/kb/kb00001',
  ),
  pair(
    'why/error',
    'entra import insufficient privileges',
    'Why does the Entra ID import fail with insufficient privileges?',
    '/docs/kb/kb00021',
  ),

  // Something is not working; where to start.
  pair(
    'troubleshooting',
    'stuck messages rabbitmq',
    'How do I fix messages stuck in RabbitMQ?',
    '/docs/troubleshooting/stuck-messages-rabbitmq',
  ),
  pair(
    'troubleshooting',
    'billing run failed no invoices',
    'Why did the monthly billing run fail without invoices?',
    '/docs/kb/kb00007',
  ),
  pair(
    'troubleshooting',
    'missing users',
    'Why are users from the directory missing in the portal?',
    '/docs/troubleshooting/missing-users',
  ),
  pair(
    'troubleshooting',
    'invalid web service credentials',
    'What do I do when requests fail with invalid web service credentials?',
    '/docs/troubleshooting/invalid-web-service-credentials',
  ),
  pair(
    'troubleshooting',
    'duplicate offering names',
    'Why can I not save an offer with the same name as another?',
    '/docs/troubleshooting/duplicate-offering-names',
  ),
  pair(
    'troubleshooting',
    'renamed users appear twice',
    'Why do renamed users appear twice after the nightly sync?',
    '/docs/kb/kb00016',
  ),
  pair(
    'troubleshooting',
    'mfa codes rejected new phone',
    "What if a user's MFA codes are rejected after they got a new phone?",
    '/docs/kb/kb00024',
  ),
  pair(
    'troubleshooting',
    'parent request stuck WaitingForChildren',
    'Why is a parent request stuck in WaitingForChildren?',
    '/docs/troubleshooting/stuck-messages-rabbitmq',
  ),

  // The REST API: an operation, or how the API works.
  pair(
    'API',
    'list customers endpoint',
    'Which endpoint lists customers?',
    '/docs/developer/api/reference/list-customers',
  ),
  pair(
    'API',
    'start billing run api',
    'How do I start a billing run through the REST API?',
    '/docs/developer/api/reference/start-billing-run',
  ),
  pair(
    'API',
    'cancel request api',
    'How do I cancel a request with the API?',
    '/docs/developer/api/reference/cancel-request',
  ),
  pair(
    'API',
    'retry failed request api',
    'How do I retry a failed request through the API?',
    '/docs/developer/api/reference/retry-request',
  ),
  pair(
    'API',
    'create user api',
    'How do I create a user through the REST API?',
    '/docs/developer/api/reference/create-user',
  ),
  // The token operation's page answers as well: its request, response and code samples.
  pair('API', 'api access token', 'How do I get an access token for the API?', [
    '/docs/developer/api/api-intro',
    '/docs/developer/api/reference/request-access-token',
  ]),
  pair('API', 'api paging', 'How do I page through API results?', '/docs/developer/api/api-intro'),
  pair(
    'API',
    'request log entries api',
    "How do I read a request's log entries with the API?",
    '/docs/developer/api/reference/list-request-log-entries',
  ),

  // Cortex, the PowerShell module.
  pair(
    'PowerShell',
    'install cortex powershell module',
    'How do I install the Cortex PowerShell module?',
    '/docs/developer/api/cortex',
  ),
  pair('PowerShell', 'connect powershell', 'How do I connect to Services Manager from PowerShell?', [
    '/docs/developer/api/cortex/connect-smservice',
    '/docs/developer/api/cortex',
  ]),
  pair(
    'PowerShell',
    'wait for request powershell',
    'How do I wait for a request to finish in PowerShell?',
    '/docs/developer/api/cortex/wait-smrequest',
  ),
  pair(
    'PowerShell',
    'create customer powershell',
    'How do I create a customer with PowerShell?',
    '/docs/developer/api/cortex/new-smcustomer',
  ),
  pair(
    'PowerShell',
    'start billing run powershell',
    'How do I start a billing run from PowerShell?',
    '/docs/developer/api/cortex/new-smbillingrun',
  ),
  pair(
    'PowerShell',
    'restart failed request powershell',
    'How do I restart a failed request with PowerShell?',
    '/docs/developer/api/cortex/restart-smrequest',
  ),
  pair(
    'PowerShell',
    'get invoices powershell',
    'How do I get invoices with PowerShell?',
    '/docs/developer/api/cortex/get-sminvoice',
  ),
  pair('PowerShell', 'list workspace items powershell', 'How do I list Workspace items in PowerShell?', [
    '/docs/developer/api/cortex/get-smworkspaceitem',
    '/docs/services/workspace/ws-automation',
  ]),
];

export type BuiltIndex = { index: ReturnType<typeof assembleIndex>; sections: SectionMeta[] };

/** The search index of the production build in `buildDir`, with every shard loaded. */
export function loadBuiltIndex(buildDir: string): BuiltIndex {
  const root = path.join(buildDir, 'search');
  const [hash] = fs.readdirSync(root);
  const dir = path.join(root, hash);
  const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as T;
  const shards = read<string[]>('shards.json').map((shard) => read<TermEntry[]>(`shards/${shard}.json`));
  return {
    index: assembleIndex(read<IndexBase>('base.json'), shards),
    sections: unpackSections(read<SectionsFile>('sections.json')),
  };
}

/** The first `count` distinct pages (URLs without fragment) of a query's results. */
export function topPages({ index, sections }: BuiltIndex, query: string, count: number): string[] {
  const pages: string[] = [];
  for (const hit of rankSections(index, sections, query)) {
    const page = sections[hit.id].url.split('#')[0].replace(/(.)\/$/, '$1');
    if (!pages.includes(page)) pages.push(page);
    if (pages.length === count) break;
  }
  return pages;
}

export type Form = 'keywords' | 'question';
/** How many of a set of pairs rank the expected page first (hit@1) and in the top three (hit@3). */
export type Hits = { cases: number; at1: number; at3: number; misses: string[] };

/** Hit@1 and hit@3 of each form, over all pairs and by kind. */
export function scorePairs(built: BuiltIndex, pairs: Pair[] = PAIRS) {
  const score = (form: Form, subset: Pair[]): Hits => {
    const hits: Hits = { cases: subset.length, at1: 0, at3: 0, misses: [] };
    for (const item of subset) {
      const query = item[form];
      const top = topPages(built, query, 3);
      const wanted = [item.expected].flat();
      if (wanted.includes(top[0])) hits.at1 += 1;
      if (top.some((page) => wanted.includes(page))) hits.at3 += 1;
      else hits.misses.push(`${query} → wanted ${wanted.join(' or ')}, got ${top.join(', ')}`);
    }
    return hits;
  };
  const both = (subset: Pair[]) => ({
    keywords: score('keywords', subset),
    question: score('question', subset),
  });
  return {
    all: both(pairs),
    byKind: KINDS.map((kind) => ({ kind, ...both(pairs.filter((item) => item.kind === kind)) })),
  };
}

const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`.padStart(5);

/** The scores as a table: one row per kind and one for all, hit@1 and hit@3 of each form. */
export function formatScores(scores: ReturnType<typeof scorePairs>): string {
  const row = (label: string, { keywords, question }: { keywords: Hits; question: Hits }) =>
    `${label.padEnd(16)} ${String(keywords.cases).padStart(3)}  ${percent(keywords.at1, keywords.cases)}  ${percent(
      keywords.at3,
      keywords.cases,
    )}    ${percent(question.at1, question.cases)}  ${percent(question.at3, question.cases)}`;
  return [
    `${'kind'.padEnd(16)} ${'n'.padStart(3)}  keywords hit@1/hit@3  question hit@1/hit@3`,
    ...scores.byKind.map((kind) => row(kind.kind, kind)),
    row('all', scores.all),
  ].join('\n');
}

/**
 * The held-out evaluation (`e2e/data/heldout-questions.json`): questions written from the published
 * pages by writers who never saw the engines, each labelled with the section(s) that answer it (best
 * first; a page without an anchor is its opening section) and the facts an answer must state, split once
 * at random into a development third (`dev`) and a held-out two thirds (`held-out`). Tools print
 * per-question results for the development set only and aggregate figures for the held-out set.
 */
export const HELDOUT_FILE = path.join(__dirname, '..', 'e2e', 'data', 'heldout-questions.json');
export const HELDOUT_KINDS = [
  'value',
  'how-to',
  'why',
  'troubleshooting',
  'api',
  'powershell',
  'keyword',
] as const;
export type HeldoutKind = (typeof HELDOUT_KINDS)[number];
export const HELDOUT_SETS = ['dev', 'held-out'] as const;
export type HeldoutSet = (typeof HELDOUT_SETS)[number];
export type HeldoutCase = {
  /** The question, or for `keyword` the words typed into the search box. */
  question: string;
  kind: HeldoutKind;
  /** The answering section(s), `/docs/page#anchor`, best first. */
  section: string[];
  facts: string[];
  set: HeldoutSet;
};

/** The held-out file's questions, checked: a malformed entry stops it with its number (never its text). */
export function readHeldout(file = HELDOUT_FILE): HeldoutCase[] {
  const { questions } = JSON.parse(fs.readFileSync(file, 'utf8')) as { questions: HeldoutCase[] };
  if (!Array.isArray(questions)) throw new Error(`${file}: no "questions" list.`);
  questions.forEach((entry, i) => {
    if (
      typeof entry.question !== 'string' ||
      !entry.question.trim() ||
      !HELDOUT_KINDS.includes(entry.kind) ||
      !HELDOUT_SETS.includes(entry.set) ||
      !Array.isArray(entry.facts) ||
      !entry.facts.every((fact) => typeof fact === 'string' && fact.trim()) ||
      (entry.kind !== 'keyword' && !entry.facts.length) ||
      !Array.isArray(entry.section) ||
      !entry.section.length ||
      !entry.section.every((section) => typeof section === 'string' && section.startsWith('/'))
    )
      throw new Error(
        `${file}: question ${i + 1} needs "question", a "kind" (${HELDOUT_KINDS.join(', ')}), a "set" (${HELDOUT_SETS.join(', ')}), "facts" and "section" paths.`,
      );
  });
  return questions;
}

/** A URL as labels name sections: no trailing slash on the page, the anchor kept (none: the opening). */
export function sectionKey(url: string): string {
  const [page, anchor] = url.split('#');
  const pagePath = page.replace(/(.)\/$/, '$1');
  return anchor ? `${pagePath}#${anchor}` : pagePath;
}

/** The first `count` sections of a query's results, as `sectionKey`s. */
export function topSections({ index, sections }: BuiltIndex, query: string, count: number): string[] {
  return rankSections(index, sections, query)
    .slice(0, count)
    .map((hit) => sectionKey(sections[hit.id].url));
}

/**
 * How many questions rank a labelled section first and in the top three sections of the results, and
 * (as the needs above are counted) a labelled section's page first and in the top three distinct pages.
 */
export type SectionHits = {
  cases: number;
  first: number;
  top3: number;
  pageFirst: number;
  pageTop3: number;
  /** The questions whose labelled section is not first; only when asked for (the dev set only). */
  misses: string[];
};

/**
 * Section-level retrieval over held-out-file questions, over all and by kind. Misses are listed only
 * with `listMisses` (for the development set); the held-out set is reported as figures alone.
 */
export function scoreSections(
  built: BuiltIndex,
  cases: HeldoutCase[],
  { listMisses = false }: { listMisses?: boolean } = {},
) {
  const score = (subset: HeldoutCase[]): SectionHits => {
    const hits: SectionHits = {
      cases: subset.length,
      first: 0,
      top3: 0,
      pageFirst: 0,
      pageTop3: 0,
      misses: [],
    };
    for (const item of subset) {
      const top = topSections(built, item.question, 3);
      const wanted = item.section.map(sectionKey);
      const pages = topPages(built, item.question, 3);
      const wantedPages = wanted.map((section) => section.split('#')[0]);
      const first = wanted.includes(top[0]);
      const inTop3 = top.some((section) => wanted.includes(section));
      if (first) hits.first += 1;
      if (inTop3) hits.top3 += 1;
      if (wantedPages.includes(pages[0])) hits.pageFirst += 1;
      if (pages.some((page) => wantedPages.includes(page))) hits.pageTop3 += 1;
      if (listMisses && !first)
        hits.misses.push(
          `${inTop3 ? 'not first' : 'not in top 3'} (${item.kind}): ${item.question} → wanted ${wanted.join(' or ')}, got ${top.join(', ')}`,
        );
    }
    return hits;
  };
  return {
    all: score(cases),
    byKind: HELDOUT_KINDS.map((kind) => ({ kind, ...score(cases.filter((item) => item.kind === kind)) })),
  };
}

export type SectionScores = ReturnType<typeof scoreSections>;

/**
 * Section-level first and top three by kind (and the same at page level), one column group per set
 * (e.g. dev beside held-out); figures only, never a question, so it may print the held-out set.
 */
export function formatSectionScores(columns: { label: string; scores: SectionScores }[]): string {
  const width = 40;
  const header = '  n  section 1st top3   page 1st top3';
  const cell = (hits: SectionHits) =>
    [
      String(hits.cases).padStart(3),
      `${percent(hits.first, hits.cases || 1)} ${percent(hits.top3, hits.cases || 1)}`.padStart(19),
      `${percent(hits.pageFirst, hits.cases || 1)} ${percent(hits.pageTop3, hits.cases || 1)}`.padStart(16),
    ]
      .join('')
      .padEnd(width);
  const row = (label: string, pick: (scores: SectionScores) => SectionHits) =>
    `${label.padEnd(16)} ${columns.map((column) => cell(pick(column.scores))).join('')}`.trimEnd();
  return [
    `${''.padEnd(16)} ${columns.map((column) => column.label.padEnd(width)).join('')}`.trimEnd(),
    `${'kind'.padEnd(16)} ${columns.map(() => header.padEnd(width)).join('')}`.trimEnd(),
    ...HELDOUT_KINDS.map((kind, i) => row(kind, (scores) => scores.byKind[i])),
    row('all', (scores) => scores.all),
  ].join('\n');
}
