import { describe, expect, it } from 'vitest';
import { answerFromSources, focusOf, NO_ANSWER, sentences, unitsOf, type Source } from '../extractive';
import { selectSources } from '../retrieve';
import { parseMarkdown } from '../markdown';

const source = (url: string, title: string, heading: string, text: string): Source => ({
  url,
  title,
  hierarchy: ['Docs', title, heading],
  text,
});

const TLS = source(
  '/docs/installation/rabbitmq-ssl#configure',
  'RabbitMQ with TLS',
  'Configure the TLS listener',
  [
    'This page is for installers who must encrypt message traffic between the components and RabbitMQ.',
    'RabbitMQ accepts AMQPS connections on port 5671 once TLS is configured. The management UI stays where it was.',
    'Edit rabbitmq.conf and keep the plain listener during the change-over:',
    '```text',
    'listeners.tcp.default = 5672',
    'listeners.ssl.default = 5671',
    'ssl_options.cacertfile = D:/RabbitMQ/certs/ca_certificate.pem',
    'ssl_options.certfile = D:/RabbitMQ/certs/server_certificate.pem',
    'ssl_options.keyfile = D:/RabbitMQ/certs/server_key.pem',
    'ssl_options.verify = verify_none',
    'management.tcp.port = 15672',
    'disk_free_limit.absolute = 5GB',
    '```',
    'See Install RabbitMQ for the plain listener and its firewall rules.',
  ].join('\n'),
);

const JOBS = source(
  '/docs/concepts/platformfeatures/jobs#schedule',
  'Scheduled jobs',
  'Schedule',
  [
    '| Job | Schedule | What it does |',
    '| NightlySync | Daily at 01:00 | Synchronizes Microsoft Online tenants |',
    '| BillingRun | Monthly, on the 1st at 03:00 | Creates a billing run for the previous month |',
    'Times are in the time zone of the server that runs the Scheduler component.',
  ].join('\n'),
);

const TEMPLATES = source(
  '/docs/user-templates#create',
  'User templates',
  'Create a template',
  [
    'A user template stores the defaults and user plans for a kind of user.',
    'To create a template:',
    '1. Open Settings › User templates and select New template.',
    '2. Enter the Name and choose the Scope.',
    '  - A customer scope limits it to that customer.',
    '3. Add user plans and select Save.',
    'For bulk changes, see Bulk import.',
  ].join('\n'),
);

const SOURCES = [TLS, JOBS, TEMPLATES];

/** Every paragraph and list item of an answer ends with a citation; code blocks are quoted material. */
function expectEveryStatementCited(markdown: string) {
  for (const block of parseMarkdown(markdown)) {
    if (block.type === 'paragraph') expect(block.children.at(-1)).toMatchObject({ type: 'cite' });
    if (block.type === 'list')
      for (const item of block.items) expect(item.at(-1)).toMatchObject({ type: 'cite' });
  }
}

describe('sentences', () => {
  it('splits at sentence ends and drops fragments', () => {
    expect(sentences('First sentence is here now. Second one is also here. Ok.')).toEqual([
      'First sentence is here now.',
      'Second one is also here.',
    ]);
  });
});

describe('unitsOf', () => {
  it('reads sentences, list items of one list, table rows as column: value, and code with its lead', () => {
    const units = unitsOf(`${TEMPLATES.text}\n${JOBS.text}\n${TLS.text}`, 0);
    const items = units.filter((unit) => unit.kind === 'item');
    expect(items.map((item) => item.text)).toEqual([
      'Open Settings › User templates and select New template.',
      'Enter the Name and choose the Scope.',
      'Add user plans and select Save.',
    ]);
    expect(new Set(items.map((item) => item.list?.id)).size).toBe(1);
    expect(units.find((unit) => unit.kind === 'row')?.text).toBe(
      'Job: NightlySync; Schedule: Daily at 01:00; What it does: Synchronizes Microsoft Online tenants',
    );
    const code = units.find((unit) => unit.kind === 'code');
    expect(code).toMatchObject({
      language: 'text',
      lead: 'Edit rabbitmq.conf and keep the plain listener during the change-over:',
    });
    expect(code?.text.split('\n')).toHaveLength(8);
  });
});

describe('focusOf', () => {
  it.each([
    ['How long is an API access token valid?', 'figure'],
    ['Which port does RabbitMQ use?', 'figure'],
    ['What ports does RabbitMQ over TLS use?', 'figure'],
    ['When does the nightly sync run?', 'figure'],
    ['How do I create a user template?', 'steps'],
    ['What is a user template?', 'definition'],
    ['Can I create users through the REST API?', 'other'],
  ])('%s → %s', (question, focus) => expect(focusOf(question)).toBe(focus));
});

describe('answerFromSources', () => {
  it("answers from a page's scope sentence when it states the figure", () => {
    const plain = source(
      '/docs/installation/rabbitmq',
      'Install RabbitMQ',
      '',
      'This page is for installers. This page installs RabbitMQ without TLS on port 5672.',
    );
    const answer = answerFromSources('Which port does RabbitMQ use without TLS?', [plain]);
    expect(answer.markdown).toContain('port 5672');
    expect(answer.markdown).not.toContain('This page is for');
  });

  it('answers a figure question with the figure first, cited, and skips the audience sentence', () => {
    const answer = answerFromSources('Which port does RabbitMQ use for TLS?', SOURCES);
    expect(answer.answered).toBe(true);
    expect(answer.markdown.split('\n')[0]).toContain('port 5671');
    expect(answer.markdown).not.toContain('This page is for');
    expect(answer.markdown).not.toContain('See Install RabbitMQ');
    expect(answer.sources.map((item) => item.n)).toEqual([1, 2, 3]);
    expectEveryStatementCited(answer.markdown);
  });

  it('quotes configuration as a code block of the relevant lines, under the sentence that introduces it', () => {
    const answer = answerFromSources('Where does rabbitmq.conf set the ssl_options certfile?', [TLS]);
    const blocks = parseMarkdown(answer.markdown);
    const code = blocks.find((block) => block.type === 'code');
    expect(code).toMatchObject({ type: 'code', language: 'text' });
    const lines = code?.type === 'code' ? code.code.split('\n') : [];
    expect(lines).toContain('ssl_options.certfile = D:/RabbitMQ/certs/server_certificate.pem');
    expect(lines.length).toBeLessThanOrEqual(6);
    expect(answer.markdown).toContain(
      'Edit rabbitmq.conf and keep the plain listener during the change-over: [1]',
    );
  });

  it('gives a table row as column: value', () => {
    const answer = answerFromSources('When does the BillingRun job run?', SOURCES);
    expect(answer.markdown).toContain(
      '- Job: BillingRun; Schedule: Monthly, on the 1st at 03:00; What it does: Creates a billing run for the previous month [2]',
    );
  });

  it('keeps the steps of a how-to as a numbered list, each step cited', () => {
    const answer = answerFromSources('How do I create a user template?', SOURCES);
    expect(answer.markdown).toContain(
      [
        '1. Open Settings › User templates and select New template. [3]',
        '2. Enter the Name and choose the Scope. [3]',
        '3. Add user plans and select Save. [3]',
      ].join('\n'),
    );
    expect(parseMarkdown(answer.markdown).some((block) => block.type === 'list' && block.ordered)).toBe(true);
    expectEveryStatementCited(answer.markdown);
  });

  it('answers a definition question with the defining sentence', () => {
    const answer = answerFromSources('What is a user template?', SOURCES);
    expect(answer.markdown.split('\n')[0]).toBe(
      'A user template stores the defaults and user plans for a kind of user. [3]',
    );
  });

  it('uses only text that exists in the sources', () => {
    const answer = answerFromSources('When does the nightly sync job run?', SOURCES);
    const all = SOURCES.map((item) => item.text).join('\n');
    for (const block of parseMarkdown(answer.markdown))
      if (block.type === 'paragraph')
        expect(all).toContain(
          block.children
            .filter((child) => child.type === 'text')
            .map((child) => (child.type === 'text' ? child.text : ''))
            .join('')
            .trim(),
        );
    expect(answer.markdown).toContain('01:00');
  });

  it('keeps the code of a step under that step, and the steps one list across a note', () => {
    const kb = source(
      '/docs/kb/kb00003#resolution',
      'KB00003: Provisioning service error 1053',
      'Resolution',
      [
        '1. Set the service to start after the other automatic services:',
        '```powershell',
        'Set-Service -Name "Services Manager Provisioning" -StartupType AutomaticDelayedStart',
        '```',
        'The change applies at the next start of the service.',
        '2. Restart the server and check that the service is Running.',
      ].join('\n'),
    );
    const answer = answerFromSources('How do I fix error 1053 of the Provisioning service?', [kb]);
    expect(answer.markdown.split('\n\n')[0]).toBe(
      [
        '1. Set the service to start after the other automatic services: [1]',
        '```powershell',
        'Set-Service -Name "Services Manager Provisioning" -StartupType AutomaticDelayedStart',
        '```',
        '2. Restart the server and check that the service is Running. [1]',
      ].join('\n'),
    );
    const blocks = parseMarkdown(answer.markdown);
    expect(blocks.map((block) => block.type)).toEqual(['list', 'code', 'list', 'paragraph']);
    expect(blocks[2]).toMatchObject({ ordered: true, start: 2 });
  });

  it('brings along the list a chosen sentence introduces, and quotes a glossary entry with its term', () => {
    const setup = source(
      '/docs/billing/setup-guide#psa',
      'Billing setup guide',
      'Connect your PSA system',
      [
        'If you invoice from a PSA system, connect it before the first billing run:',
        '- ConnectWise Manage',
        '- Autotask',
      ].join('\n'),
    );
    const glossary = {
      url: '/docs/glossary#halopsa',
      title: 'Glossary',
      hierarchy: ['Documentation', 'Glossary', 'H', 'HaloPSA'],
      text: 'A professional-services-automation system that can receive approved invoices.',
    };
    const answer = answerFromSources('Which PSA system can I invoice from?', [setup, glossary]);
    expect(answer.markdown).toContain(
      'If you invoice from a PSA system, connect it before the first billing run: [1]\n\n- ConnectWise Manage [1]\n- Autotask [1]',
    );
    expect(answerFromSources('Which system can receive approved invoices?', [glossary]).markdown).toBe(
      'HaloPSA: A professional-services-automation system that can receive approved invoices. [1]',
    );
  });

  it('says plainly when the documentation has no answer, and offers the closest pages', () => {
    const answer = answerFromSources('How do I bake sourdough bread?', SOURCES);
    expect(answer.answered).toBe(false);
    expect(answer.markdown.startsWith(NO_ANSWER)).toBe(true);
    expect(answer.markdown).toContain('- [RabbitMQ with TLS](/docs/installation/rabbitmq-ssl#configure)');
    expect(answerFromSources('the of and', SOURCES).answered).toBe(false);
    expect(answerFromSources('RabbitMQ', [])).toMatchObject({ answered: false, markdown: NO_ANSWER });
  });
});

describe('selectSources', () => {
  const hit = (url: string, text = 'Some text.') => ({ url, hierarchy: ['Docs', url], text });

  it('takes three sections of the best page, two of others, two pages of a folder, within the limits', () => {
    const chosen = selectSources(
      [
        hit('/a'),
        hit('/a#x'),
        hit('/a#y'),
        hit('/a#w'),
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
    expect(chosen.map((item) => item.url)).toEqual(['/a', '/a#x', '/a#y', '/ref/b', '/ref/b#1', '/ref/c']);
    expect(selectSources([hit('/a', 'x'.repeat(50)), hit('/b', 'y'.repeat(50))], 4, 60)[1].text).toHaveLength(
      10,
    );
    expect(selectSources([hit('/a', '')])).toEqual([]);
  });
});
