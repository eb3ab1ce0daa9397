import { describe, expect, it } from 'vitest';
import {
  answerFromSources,
  carryDown,
  chooseSections,
  focusOf,
  keepsMatchingRows,
  NO_ANSWER,
  sectionMarkdown,
  sentences,
  type Source,
} from '../extractive';
import { selectSources } from '../retrieve';
import { parseMarkdown, type Block } from '../markdown';
import { unitsText, type PlainUnit } from '../../content/model';

/** A section as the search index gives it: its units, and their words as its text. */
const withUnits = (url: string, title: string, heading: string, units: PlainUnit[]): Source => ({
  url,
  title,
  hierarchy: heading ? ['Docs', title, heading] : ['Docs', title],
  text: unitsText(units),
  units,
});
const p = (text: string): PlainUnit => ({ type: 'paragraph', text });
const table = (header: string[], ...rows: string[][]): PlainUnit => ({ type: 'table', header, rows });
const steps = (start: number, ...items: PlainUnit[][]): PlainUnit => ({
  type: 'list',
  ordered: true,
  start,
  items: items.map((units) => ({ checked: null, units })),
});

const TOKEN_CODE = [
  "$appId    = '<application-id>'",
  "$tenantId = '<partner-tenant-id>'",
  "$credential = Get-Credential -UserName $appId -Message 'Enter the client secret'",
  '$token = New-PartnerAccessToken -ApplicationId $appId -Credential $credential `',
  "    -Scopes 'https://api.partnercenter.microsoft.com/user_impersonation' `",
  '    -ServicePrincipal -Tenant $tenantId -UseAuthorizationCode',
  '$token.RefreshToken | Set-Clipboard',
].join('\n');

const KB = '/docs/services/microsoftonline/kb/regenerate-partner-center-token';
const TITLE = 'Regenerate the Partner Center token';
const PARTNER_OPENING = withUnits(KB, TITLE, '', [
  p(
    'This article is for service provider administrators whose Microsoft Online requests have started failing because the stored Partner Center refresh token no longer works.',
  ),
]);
const PARTNER_CAUSE = withUnits(`${KB}#cause`, TITLE, 'Cause', [
  p(
    'The refresh token is tied to the service account that signed in when it was generated. It stops working when:',
  ),
  {
    type: 'list',
    ordered: true,
    start: 1,
    items: [
      [p('It was not used for 90 days, for example because TokenRefresh was disabled.')],
      [p("The service account's password was changed or reset.")],
    ].map((units) => ({ checked: null, units })),
  },
]);
const PARTNER_RESOLUTION = withUnits(`${KB}#resolution`, TITLE, 'Resolution', [
  steps(
    1,
    [p('Check the service account in the partner tenant: it is enabled and has the Admin agent role.')],
    [p('If the client secret has also expired, create a new one on the app registration.')],
    [
      p(
        'On a workstation with the PartnerCenter module, generate a new token and sign in as the service account:',
      ),
      { type: 'code', language: 'powershell', code: TOKEN_CODE },
    ],
    [
      p(
        'Open Settings › Services › Microsoft Online › Connection, paste the value into Refresh token, then Save.',
      ),
    ],
    [p('Clear the clipboard. The token is a secret.')],
    [p('Under Jobs, select TokenRefresh › Run now and check that it ends Completed.')],
    [p('Retry the failed requests from Requests with Retry.')],
  ),
]);
const PARTNER_SYMPTOMS = withUnits(`${KB}#symptoms`, TITLE, 'Symptoms', [
  p('Every request that calls Partner Center ends Failed and the log shows invalid_grant for the token.'),
]);

const API = '/docs/developer/api/api-intro';
const API_TITLE = 'Get started with the REST API';
const FIRST_CALL = withUnits(`${API}#first-call`, API_TITLE, 'Get a token and make the first call', [
  p(
    'Post the client id and secret to the token endpoint. The response holds an access token that is valid for 60 minutes (expires_in is in seconds). Request a new token when it expires; there is no refresh token in this flow.',
  ),
  { type: 'code', language: 'bash', code: "curl -s -X POST 'https://portal.example.com/api/v2/oauth/token'" },
]);
const IDEMPOTENCY = withUnits(`${API}#idempotency`, API_TITLE, 'Safe retries with Idempotency-Key', [
  p(
    'A network timeout on a POST leaves you unsure whether the change happened. Send an Idempotency-Key header with a new UUID on every POST. For 24 hours, repeating the call with the same key and body returns the original response instead of creating a second customer or plan.',
  ),
]);
const KB28 = (anchor: string, text: string) =>
  withUnits(`/docs/kb/kb00028#${anchor}`, 'KB00028: 403 Forbidden for a reseller API client', anchor, [
    p(text),
  ]);
const CUSTOMER_PLANS = withUnits(
  '/docs/services/microsoftonline/customer-plans#add',
  'Customer plans',
  'Add a customer plan',
  [
    steps(
      1,
      [p('Open Customers and select the customer.')],
      [p('Select New customer plan, choose the offer and the quantity.')],
      [p('Select Save. The platform creates the customer plan and orders the subscription.')],
    ),
  ],
);

const PREREQUISITES = withUnits(
  '/docs/installation/prerequisites#sql-server',
  'Prerequisites',
  'SQL Server',
  [
    {
      type: 'list',
      ordered: false,
      start: 1,
      items: [
        'SQL Server 2019 or later, Standard or Enterprise edition, on sql01.example.com or similar.',
        'Collation SQL_Latin1_General_CP1_CI_AS; TCP/IP enabled on port 1433; Windows authentication.',
        'A backup plan for SM_Core, SM_Billing and SM_Logging, with full recovery model and log backups.',
      ].map((text) => ({ checked: false, units: [p(text)] })),
    },
    { type: 'code', language: 'sql', code: "SELECT SERVERPROPERTY('ProductVersion') AS Version;" },
  ],
);

const ADD_USER = withUnits(
  '/docs/getting-started/user-management#add-a-user',
  'User management',
  'Add a user',
  [
    steps(
      1,
      [p('Open Customers, select the customer and go to the Users tab.')],
      [p('Select New user.')],
      [
        p('Fill in the fields:'),
        table(
          ['Field', 'Required', 'Notes'],
          ['First name, Last name', 'Yes', 'Used to build the display name'],
          ['Exclude from billing', 'No', 'For test users only'],
        ),
      ],
      [p('Select Save. The platform queues a User.Create request.')],
    ),
  ],
);

const JOBS = withUnits('/docs/concepts/platformfeatures/jobs#schedule', 'Scheduled jobs', 'Schedule', [
  p('Each job runs in the Scheduler service on this schedule:'),
  table(
    ['Job', 'Schedule', 'What it does'],
    ...Array.from({ length: 9 }, (_, i) => [`Job${i}`, 'Weekly', `Does task ${i}`]),
    ['NightlySync', 'Daily at 01:00', 'Synchronizes Microsoft Online tenants'],
    ['BillingRun', 'Monthly, on the 1st at 03:00', 'Creates a billing run for the previous month'],
  ),
]);

const blocksOf = (markdown: string) => parseMarkdown(markdown);
const codeBlocks = (blocks: Block[]): string[] =>
  blocks.flatMap((block) =>
    block.type === 'code' ? [block.code] : block.type === 'list' ? block.nested.flatMap(codeBlocks) : [],
  );

describe('sentences', () => {
  it('splits at sentence ends', () => {
    expect(sentences('First sentence is here now. Second one. Ok.')).toEqual([
      'First sentence is here now.',
      'Second one.',
      'Ok.',
    ]);
  });
});

describe('focusOf', () => {
  it.each([
    ['How long is an API access token valid?', 'value'],
    ['Which SQL Server version do I need?', 'value'],
    ['What ports does RabbitMQ over TLS use?', 'value'],
    ['When does the nightly sync run?', 'value'],
    ['What is the default timeout of a custom script?', 'value'],
    ['Which placeholder puts the portal link into a template?', 'value'],
    ['How do I create a user template?', 'steps'],
    ['Why does the Partner Center token expire?', 'cause'],
    ['What causes HTTP Error 500.19 after installation?', 'cause'],
    ['What is a user template?', 'definition'],
    ['Can I create users through the REST API?', 'other'],
  ])('%s → %s', (question, focus) => expect(focusOf(question)).toBe(focus));
});

describe('answerFromSources', () => {
  it('gives a procedure from its first step to its last, with its code block complete, rendered as code', () => {
    const answer = answerFromSources(
      'How do I generate a new Partner Center refresh token with PowerShell?',
      [PARTNER_OPENING, PARTNER_SYMPTOMS, PARTNER_CAUSE, PARTNER_RESOLUTION],
    );
    expect(answer.from).toEqual([PARTNER_RESOLUTION.url]);
    const blocks = blocksOf(answer.markdown);
    const list = blocks.find((block) => block.type === 'list');
    expect(list).toMatchObject({ type: 'list', ordered: true, start: 1 });
    expect(list?.type === 'list' && list.items).toHaveLength(7);
    expect(codeBlocks(blocks)).toEqual([TOKEN_CODE]);
    expect(answer.markdown).not.toMatch(/This article is for|invalid_grant/);
  });

  it("leads a value question with the sentence that holds the value, without the page's audience line", () => {
    const answer = answerFromSources('How long is an API access token valid?', [
      KB28('applies-to', 'REST API v2 and Cortex, with OAuth 2.0 client credentials and a valid token.'),
      KB28('cause', 'A 401 Unauthorized means the token is missing, expired or invalid.'),
      KB28('symptoms', 'The integration gets an access token without problems, and some calls work.'),
      FIRST_CALL,
    ]);
    expect(sentences(answer.markdown)[0]).toMatch(
      /^The response holds an access token that is valid for 60 minutes \(expires_in is in seconds\)\./,
    );
    expect(answer.markdown).not.toMatch(/401|reseller/);
    // One entry per page, the answer's page first.
    expect(answer.sources.map((item) => item.url)).toEqual([
      FIRST_CALL.url,
      expect.stringContaining('kb00028'),
    ]);
  });

  it('never answers with what a page says of itself ("This page installs RabbitMQ without TLS…")', () => {
    const rabbit = withUnits('/docs/installation/rabbitmq', 'Install RabbitMQ', '', [
      p('This page installs RabbitMQ without TLS on port 5672.'),
      p('The broker listens for AMQP on port 5672 until you switch it to TLS.'),
    ]);
    const answer = answerFromSources('Which port does RabbitMQ use without TLS?', [rabbit]);
    expect(answer.markdown).toMatch(/^The broker listens for AMQP on port 5672/);
    expect(answer.markdown).not.toContain('This page');
  });

  it('answers "which version" with the version, not another item of the same checklist', () => {
    const answer = answerFromSources('Which SQL Server version do I need?', [PREREQUISITES]);
    expect(answer.markdown.split('\n')[0]).toBe(
      'SQL Server 2019 or later, Standard or Enterprise edition, on sql01.example.com or similar. [1]',
    );
    expect(answer.markdown).not.toMatch(/backup plan|SERVERPROPERTY/);
  });

  it('chooses the section about the question over steps that only share its words', () => {
    const answer = answerFromSources('How do I avoid creating a customer twice when a POST times out?', [
      CUSTOMER_PLANS,
      IDEMPOTENCY,
    ]);
    expect(answer.from).toEqual([IDEMPOTENCY.url]);
    expect(answer.markdown).toContain('Idempotency-Key');
    expect(answer.markdown).not.toContain('New customer plan');
  });

  it('keeps the table a step introduces, as a table', () => {
    const answer = answerFromSources('How do I add a user?', [ADD_USER]);
    const blocks = blocksOf(answer.markdown);
    const list = blocks[0];
    expect(list).toMatchObject({ type: 'list', ordered: true, start: 1 });
    if (list.type !== 'list') throw new Error('no list');
    expect(list.items).toHaveLength(4);
    expect(list.nested[2][0]).toMatchObject({ type: 'table' });
    expect(answer.markdown).not.toMatch(/\w: [^;\n]+; \w/);
  });

  it('leads a procedure with its first step and says who may do it after the steps', () => {
    const permission =
      'Who can do this: Service Provider Admin (all), Reseller Admin (own customers). Permission: Users: manage.';
    const withPermission = { ...ADD_USER, units: [p(permission), ...ADD_USER.units!] };
    const answer = answerFromSources('How do I add a user?', [withPermission]);
    const blocks = blocksOf(answer.markdown);
    expect(blocks[0]).toMatchObject({ type: 'list', ordered: true, start: 1 });
    expect(answer.markdown.endsWith(`${permission} [1]`)).toBe(true);
  });

  it('adds the sentence that answers the second half of a two-part question', () => {
    const broker = withUnits('/docs/architecture#broker', 'Architecture', 'Message broker', [
      p('The provisioning engine publishes each request to RabbitMQ and consumes it from its queue.'),
      p('The Api records requests in SM_Core and holds a broker connection for its health check only.'),
      p('Queues are durable and survive a restart of the broker service.'),
      p('The Portal has no broker connection at all; it calls the Api.'),
    ]);
    const answer = answerFromSources('Does the Api or the Portal hold a broker connection?', [broker]);
    expect(sentences(answer.markdown)[0]).toMatch(/^The Api records requests/);
    expect(answer.markdown).toContain('The Portal has no broker connection at all');
    expect(answer.markdown).not.toMatch(/durable|publishes each request/);
  });

  it("prefers the search's first hit when it answers, and for a how-to only when it holds steps", () => {
    const lock = withUnits('/docs/services/mfa#lockout', 'Sign-in', 'Lockout', [
      p('After five wrong codes in a row the account is locked for 15 minutes.'),
    ]);
    const clock = withUnits('/docs/services/mfa/kb#clock', 'MFA codes', 'Clock', [
      p('Five wrong MFA codes in a row usually mean the phone clock drifted from the server time.'),
    ]);
    const question = 'What happens after five wrong MFA codes?';
    // Search put the lockout first (its readers' queries say so), though the other passage has more of
    // the question's words; in the other order that passage answers.
    expect(answerFromSources(question, [lock, clock]).from).toEqual([lock.url]);
    expect(answerFromSources(question, [clock, lock]).from).toEqual([clock.url]);
    const glossary = withUnits('/docs/glossary#api-client', 'Glossary', 'API client', [
      p('An API client is an integration registered in the portal with a client id and a secret.'),
    ]);
    const register = withUnits('/docs/developer/api#register', 'API', 'Register a client', [
      steps(
        1,
        [p('In the portal, go to Settings › API clients and select New client.')],
        [p('Copy the client secret of the API client you registered.')],
      ),
    ]);
    expect(answerFromSources('How do I register an API client?', [glossary, register]).from).toEqual([
      register.url,
    ]);
  });

  it('brings the sentence a leading pronoun points back to', () => {
    const synced = withUnits('/docs/services/adsync#synced-users', 'Directory Sync', 'Synced users', [
      p(
        'Synced users have the source DirectorySync: Active Directory is their source of authority. Their names are read-only in the portal; change them in Active Directory.',
      ),
    ]);
    const answer = answerFromSources('Are the names of synced users read-only in the portal?', [synced]);
    expect(answer.markdown.startsWith('Synced users have the source DirectorySync')).toBe(true);
  });

  it('brings the sentence before one that points back after a preposition or by "the same" or "instead"', () => {
    const cases: [string, string[], string][] = [
      [
        'Can people postpone MFA enrolment during the grace period?',
        [
          "The grace period starts at each person's first sign-in after enforcement.",
          'During it they can select Remind me later; afterwards they must enrol.',
        ],
        'The grace period starts',
      ],
      [
        'Which Cortex cmdlet adds a customer plan?',
        [
          'With the REST API, send the offer and quantity to POST /api/v2/customers/{customerId}/plans.',
          'In Cortex the same operation is Add-SMCustomerPlan.',
        ],
        'With the REST API',
      ],
      [
        "Does Contoso's file share live on its own server?",
        [
          'Northwind Hosting gives every customer a department share on files.example.com.',
          "Contoso's file share lives on its own server instead.",
        ],
        'Northwind Hosting gives',
      ],
    ];
    for (const [question, said, start] of cases) {
      const section = withUnits('/docs/page#part', 'Page', 'Part', [p(said.join(' '))]);
      expect(answerFromSources(question, [section]).markdown.startsWith(start)).toBe(true);
    }
  });

  it('shows the row that holds the value under its header, never "Key: value; Key: value"', () => {
    const answer = answerFromSources('When does the NightlySync job run?', [JOBS]);
    const [table] = blocksOf(answer.markdown);
    expect(table).toMatchObject({ type: 'table' });
    if (table.type !== 'table') throw new Error('no table');
    expect(table.rows).toHaveLength(1);
    expect(answer.markdown).toContain(
      '| NightlySync | Daily at 01:00 | Synchronizes Microsoft Online tenants [1] |',
    );
    expect(answer.markdown).not.toMatch(/Job: NightlySync;/);
  });

  it('answers "which placeholder" with its row, under the header, before the sentence that introduces it', () => {
    const templates = withUnits('/docs/notifications#placeholders', 'Notifications', 'Placeholders', [
      p('Placeholders in double braces are replaced when the mail is rendered:'),
      table(
        ['Placeholder', 'Value'],
        ['{{User.Name}}, {{User.Email}}', "From the notification's user"],
        ['{{Brand.Name}}, {{Brand.PortalUrl}}', "From the notification's brand: its name and portal link"],
      ),
    ]);
    const answer = answerFromSources('Which placeholder puts the portal link into a template?', [templates]);
    expect(answer.markdown.startsWith('| Placeholder | Value |')).toBe(true);
    expect(answer.markdown).toContain('{{Brand.PortalUrl}}');
    expect(answer.markdown).not.toContain('{{User.Name}}');
  });

  it('carries a merged cell down to the row it spans, on its own under the header', () => {
    const sizing = table(
      ['Size', 'Users', 'Server role', 'RAM', 'Notes'],
      ['Small', 'up to 2,000', 'All-in-one: Portal, Api, Provisioning', '16 GB', 'One server'],
      ['', '', 'SQL Server', '16 GB', ''],
      ['Medium', '2,000 – 25,000', 'Web: Portal, Api', '8 GB', ''],
      ['', '', 'SQL Server', '32 GB', ''],
    );
    expect(carryDown(sizing as Extract<PlainUnit, { type: 'table' }>).rows).toEqual([
      ['Small', 'up to 2,000', 'All-in-one: Portal, Api, Provisioning', '16 GB', 'One server'],
      ['Small', 'up to 2,000', 'SQL Server', '16 GB', ''],
      ['Medium', '2,000 – 25,000', 'Web: Portal, Api', '8 GB', ''],
      ['Medium', '2,000 – 25,000', 'SQL Server', '32 GB', ''],
    ]);
    const prerequisites = withUnits('/docs/installation/prerequisites#sizing', 'Prerequisites', 'Sizing', [
      p('Size the servers by the number of users:'),
      sizing,
    ]);
    const answer = answerFromSources('How much RAM does the SQL Server need in a small installation?', [
      prerequisites,
    ]);
    expect(answer.markdown).toContain('| Small | up to 2,000 | SQL Server | 16 GB |');
    expect(answer.markdown).not.toContain('32 GB');
  });

  it('keeps only the row of the message a reader looked up, under the table header', () => {
    const connectwise = withUnits('/docs/billing/connectwise#troubleshoot', 'ConnectWise', 'Troubleshoot', [
      table(
        ['Message in the export log', 'Cause', 'Fix'],
        ['401 Unauthorized', 'Wrong company ID or keys', 'Re-enter the keys'],
        ['403 Forbidden', 'Security role lacks a permission', 'Add the permissions'],
        ['Agreement not found', 'The agreement was closed', 'Choose another agreement'],
        ['Catalog item not found', 'The item was renamed', 'Update the product mapping'],
      ),
    ]);
    const answer = answerFromSources('The ConnectWise export log says 403 Forbidden', [connectwise]);
    const [found] = blocksOf(answer.markdown);
    if (found.type !== 'table') throw new Error('no table');
    expect(found.rows).toHaveLength(1);
    expect(answer.markdown).toContain('| Message in the export log | Cause | Fix |');
    expect(answer.markdown).toContain('| 403 Forbidden | Security role lacks a permission |');
  });

  it('keeps a table whole when the question matches most of its rows', () => {
    expect(keepsMatchingRows('other', 4, 1)).toBe(true);
    expect(keepsMatchingRows('other', 4, 2)).toBe(true);
    expect(keepsMatchingRows('other', 4, 3)).toBe(false);
    expect(keepsMatchingRows('value', 4, 3)).toBe(true);
    expect(keepsMatchingRows('steps', 9, 5)).toBe(true);
  });

  it('gives the cause before the fix for a question about an error', () => {
    const answer = answerFromSources('Why does the Partner Center token expire and fail?', [
      PARTNER_SYMPTOMS,
      PARTNER_RESOLUTION,
      PARTNER_CAUSE,
    ]);
    expect(answer.from).toEqual([PARTNER_CAUSE.url, PARTNER_RESOLUTION.url]);
    const text = answer.markdown;
    expect(text.indexOf('90 days')).toBeGreaterThan(-1);
    expect(text.indexOf('90 days')).toBeLessThan(text.indexOf('Check the service account'));
    expect(answer.sources).toHaveLength(1);
  });

  it('answers a definition with the sentence that names its subject', () => {
    const glossary = {
      ...withUnits('/docs/glossary#user-template', 'Glossary', '', [
        p('A saved set of default settings and user plans applied to new users.'),
      ]),
      hierarchy: ['Docs', 'Glossary', 'U', 'User template'],
    };
    const answer = answerFromSources('What is a user template?', [ADD_USER, glossary]);
    expect(answer.markdown).toBe('A saved set of default settings and user plans applied to new users. [1]');
    expect(answer.sources[0].url).toBe('/docs/glossary#user-template');
  });

  it('abstains only when no section answers, listing each page once', () => {
    const answer = answerFromSources('How do I bake sourdough bread?', [
      PARTNER_CAUSE,
      PARTNER_RESOLUTION,
      FIRST_CALL,
    ]);
    expect(answer.answered).toBe(false);
    expect(answer.markdown.startsWith(NO_ANSWER)).toBe(true);
    expect(answer.markdown.match(/regenerate-partner-center-token/g)).toHaveLength(1);
    expect(answer.sources).toHaveLength(2);
    expect(answerFromSources('the of and', [FIRST_CALL]).answered).toBe(false);
    expect(answerFromSources('RabbitMQ', [])).toMatchObject({ answered: false, markdown: NO_ANSWER });
  });
});

describe('chooseSections', () => {
  it('orders the sections as the answer uses them, one per page, whole', () => {
    const chosen = chooseSections('How long is an API access token valid?', [
      KB28('cause', 'A 401 Unauthorized means the token is missing, expired or invalid.'),
      KB28('resolution', 'Decode the token and check its tenant and role claims.'),
      FIRST_CALL,
      IDEMPOTENCY,
    ]);
    expect(chosen[0]).toBe(FIRST_CALL);
    expect(chosen.map((item) => item.url.split('#')[0])).toEqual([API, '/docs/kb/kb00028']);
  });
});

describe('sectionMarkdown', () => {
  it('writes a section whole for a model: every step, its code complete, tables as tables', () => {
    const markdown = sectionMarkdown(PARTNER_RESOLUTION);
    expect(markdown).toContain(`   \`\`\`powershell\n${TOKEN_CODE.replace(/^/gm, '   ')}\n   \`\`\``);
    expect(markdown.match(/^\d\. /gm)).toHaveLength(7);
    expect(sectionMarkdown(ADD_USER)).toContain('   | Field | Required | Notes |\n   | --- | --- | --- |');
  });
});

describe('selectSources', () => {
  const hit = (url: string, text = 'Some text.', heading = '') => ({
    url,
    hierarchy: heading ? ['Docs', url, heading] : ['Docs', url],
    text,
  });

  it('takes four sections of the best page, two of others, two pages of a folder, within the limits', () => {
    const chosen = selectSources(
      [
        hit('/a'),
        hit('/a#x'),
        hit('/a#more', 'Links.', 'More information'),
        hit('/a#y'),
        hit('/a#w'),
        hit('/a#v'),
        hit('/ref/b'),
        hit('/ref/b#1'),
        hit('/ref/b#2'),
        hit('/ref/c'),
        hit('/ref/d'),
        hit('/e'),
        hit('/f'),
        hit('/e#z'),
      ],
      4,
    );
    expect(chosen.map((item) => item.url)).toEqual([
      '/a',
      '/a#x',
      '/a#y',
      '/a#w',
      '/ref/b',
      '/ref/b#1',
      '/ref/c',
    ]);
    // Whole sections: one that does not fit is left out, a smaller one after it still comes in.
    expect(
      selectSources(
        [hit('/a', 'x'.repeat(50)), hit('/b', 'y'.repeat(50)), hit('/c', 'z'.repeat(5))],
        4,
        60,
      ).map((item) => item.text.length),
    ).toEqual([50, 5]);
    expect(selectSources([hit('/a', 'x'.repeat(80))], 4, 60)[0].text).toHaveLength(80);
    expect(selectSources([hit('/a', '')])).toEqual([]);
  });
});

describe('which section answers', () => {
  it('abstains when only a longer word shares a question word’s first letters (recipe is not recipient)', () => {
    const mailbox = withUnits(
      '/docs/services/microsoftonline/shared-mailboxes',
      'Shared mailboxes',
      'Create a shared mailbox',
      [p('The recipient sees only the mailbox. Grant Send as to the users who write for it.')],
    );
    expect(answerFromSources('sourdough bread recipe', [mailbox]).answered).toBe(false);
  });

  it('prefers the section whose heading says the question in its own words', () => {
    const items = withUnits(
      '/docs/services/workspace/ws-customer',
      'Workspace for a customer',
      'Add an item to a customer',
      [
        steps(
          1,
          [p('Open the customer and select Add items.')],
          [p('With Assign to all users on, every user of the customer gets the item.')],
        ),
      ],
    );
    const users = withUnits(
      '/docs/getting-started/user-management',
      'User management',
      'Add a user by hand',
      [steps(1, [p('Open the customer and select New user.')], [p('Fill in the fields and select Save.')])],
    );
    // A first hit that does not answer is not preferred.
    const other = withUnits('/docs/billing', 'Billing', 'Invoices', [p('Invoices are issued monthly.')]);
    const answer = answerFromSources('How do I add a user to a customer?', [other, items, users]);
    expect(answer.sources[0].url).toBe('/docs/getting-started/user-management');
    expect(answer.markdown).toContain('New user');
  });
});
