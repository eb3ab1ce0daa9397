import { describe, expect, it } from 'vitest';
import {
  assembleIndex,
  buildSearchFiles,
  identifierWords,
  kindWeight,
  pageKind,
  queryTerms,
  rankSections,
  shardOf,
  packSections,
  stem,
  unpackSections,
  INDEX_OPTIONS,
  type SectionMeta,
  type SourceSection,
} from '../engine';
import MiniSearch from 'minisearch';
import { unitsText } from '../../content/model';

const section = (title: string, heading: string, text: string, url = `/docs/${title}`): SourceSection => ({
  url,
  hierarchy: heading ? ['Docs', title, heading] : ['Docs', title],
  title,
  heading,
  units: [{ type: 'paragraph', text }],
  docsTag: 'docs-default-current',
});

const SECTIONS = [
  section(
    'KB00017: Subscriptions are not imported',
    '',
    'The nightly sync skips subscriptions bought elsewhere.',
    '/docs/kb/kb00017',
  ),
  section(
    'Billing rules',
    '',
    'A billing rule sets the price of a plan per user per month.',
    '/docs/billing/rules',
  ),
  section(
    'Billing rules',
    'Pro-rating',
    'A mid-month change is charged per day.',
    '/docs/billing/rules#pro-rating',
  ),
  section(
    'Invoices',
    '',
    'Every billing run writes invoices. Rules are applied to each line.',
    '/docs/invoices',
  ),
  section(
    'Install RabbitMQ',
    '',
    'Install Erlang, then RabbitMQ, then enable the management plugin.',
    '/docs/rabbitmq',
  ),
];

/** Ranks a query over an index built from `sources`, as the browser assembles it: each result with its URL. */
function rankerOver(sources: SourceSection[], aliasesOf?: (text: string) => string) {
  const files = buildSearchFiles(sources, aliasesOf);
  const index = assembleIndex(files.base, Object.values(files.shards));
  const sections = unpackSections(files.sections);
  return (query: string) =>
    rankSections(index, sections, query).map((hit) => ({ ...hit, url: sections[hit.id].url }));
}

const searchSample = rankerOver(SECTIONS);

function searchAll(query: string) {
  return searchSample(query).map((hit) => hit.url);
}

describe('stem', () => {
  it.each([
    ['invoices', 'invoic'],
    ['invoice', 'invoic'],
    ['rated', 'rat'],
    ['rating', 'rat'],
    ['provisioning', 'provision'],
    ['kb00017', 'kb00017'],
    ['status', 'status'],
    ['billed', 'bill'],
    ['billing', 'bill'],
    ['stopped', 'stop'],
    ['applied', 'apply'],
    ['passed', 'pass'],
    ['size', 'siz'],
    ['sizing', 'siz'],
    ['page', 'pag'],
    ['paging', 'pag'],
  ])('%s → %s', (word, expected) => expect(stem(word)).toBe(expected));
});

describe('queryTerms', () => {
  it('drops stop words and one-letter words', () => {
    expect(queryTerms('How to a set up the billing')).toEqual(['set', 'up', 'bill']);
  });

  it('drops the words that shape a question', () => {
    expect(queryTerms('How do I stop test users from being billed?')).toEqual([
      'stop',
      'test',
      'user',
      'bill',
    ]);
    expect(queryTerms('How long is an access token valid?')).toEqual(['access', 'token', 'valid']);
    expect(queryTerms('What server size do I need for 10,000 users?')).toEqual([
      'server',
      'siz',
      '10',
      '000',
      'user',
    ]);
    expect(queryTerms('Is it possible to import users?')).toEqual(['import', 'user']);
    expect(queryTerms('Why can I not save an offer with the same name as another?')).toEqual([
      'sav',
      'offer',
      'sam',
      'nam',
    ]);
    expect(queryTerms('How do I retry a request through the API?')).toEqual(['retry', 'request', 'api']);
  });

  it("drops the product's name, which every page is about", () => {
    expect(queryTerms('How do I connect to Services Manager from PowerShell?')).toEqual([
      'connect',
      'powershell',
    ]);
  });
});

describe('identifierWords', () => {
  it('gives the words of CamelCase identifiers', () => {
    expect(
      identifierWords('The BillingRun job, then NightlySync and startBillingRun; not API or iPhone.'),
    ).toBe('billing run nightly sync start');
  });

  it('gives the noun words of a cmdlet behind its prefix', () => {
    expect(identifierWords('Wait-SMRequest and Add-SMCustomerPlan')).toBe('sm request customer plan');
  });
});

describe('shards', () => {
  it('splits terms by first character and reassembles an equivalent index', () => {
    const files = buildSearchFiles(SECTIONS);
    expect(Object.keys(files.shards)).toContain('b');
    expect(shardOf('ärger')).toBe('_');
    const onlyB = assembleIndex(files.base, [files.shards.b]);
    expect(rankSections(onlyB, unpackSections(files.sections), 'billing').length).toBeGreaterThan(0);
  });
});

describe('the index files', () => {
  it('score every section as MiniSearch’s own serialization of the same index does', () => {
    const files = buildSearchFiles(SECTIONS);
    expect(files.base).not.toHaveProperty('documentIds');
    const full = new MiniSearch(INDEX_OPTIONS);
    full.addAll(
      SECTIONS.map((s, id) => ({
        id,
        title: s.title,
        heading: s.heading,
        text: unitsText(s.units),
        aliases: '',
        queries: '',
      })),
    );
    const reloaded = MiniSearch.loadJS(JSON.parse(JSON.stringify(full)), INDEX_OPTIONS);
    const assembled = assembleIndex(JSON.parse(JSON.stringify(files.base)), Object.values(files.shards));
    for (const query of ['billing', 'rabbitmq plugin', 'subscriptions imported'])
      expect(assembled.search(query)).toEqual(reloaded.search(query));
  });

  it('give back the sections exactly, whatever their URLs and headings', () => {
    const meta = (url: string, hierarchy: string[], title = 'Page', docsTag = 'docs-default-current') =>
      ({ url, hierarchy, title, docsTag }) satisfies SectionMeta;
    const sections = [
      meta('/docs/a', ['Docs', 'Page']),
      meta('/docs/a#one', ['Docs', 'Page', 'One']),
      meta('/docs/a#deep', ['Docs', 'Page', 'One', 'Deep']),
      meta('/docs/b#only', ['Docs', 'Other', 'Only'], 'Other'),
      // The same URL under another title or docs instance is another page; a page may restart its breadcrumb.
      meta('/docs/a', ['API', 'Page'], 'Page', 'docs-api-current'),
      meta('/docs/a#x', ['Elsewhere', 'X']),
      meta('/', [], 'Home'),
      {
        ...meta('/docs/mfa', ['Docs', 'Multi-factor authentication'], 'Multi-factor authentication'),
        titleNames: ['mfa'],
      },
    ];
    const packed = packSections(sections);
    expect(unpackSections(JSON.parse(JSON.stringify(packed)))).toEqual(sections);
    expect(packed.pages).toHaveLength(5);
    expect(packed.docsTags).toEqual(['docs-default-current', 'docs-api-current']);
  });
});

describe('kindWeight', () => {
  const operation = '/docs/developer/api/reference/add-customer-plan';
  const cmdlet = '/docs/developer/api/cortex/add-smcustomerplan';
  const weights = (query: string) => {
    const weight = kindWeight(query);
    return [operation, cmdlet, '/docs/guide'].map((url) => weight(pageKind(url)));
  };

  it('tells generated pages from guides', () => {
    expect(
      ['/docs/developer/api/reference/x', '/docs/developer/api/cortex/x', '/docs/developer/api/cortex'].map(
        pageKind,
      ),
    ).toEqual(['operation', 'cmdlet', 'guide']);
  });

  it('lets guides outweigh generated pages for a question in words', () => {
    const [op, cm, guide] = weights('What is a Workspace role?');
    expect(op).toBeLessThan(guide);
    expect(cm).toBeLessThan(guide);
  });

  it('weighs operations a little above guides for a query that mentions the API', () => {
    for (const query of ['How do I create a user through the REST API?', 'create user api']) {
      const [op, cm, guide] = weights(query);
      expect(op, query).toBeGreaterThan(guide);
      expect(op, query).toBeLessThan(weights('POST /users')[0]);
      expect(cm, query).toBeLessThan(guide);
    }
  });

  it('prefers the operation for an operation id or a method and path, the cmdlet for its name or kind', () => {
    for (const query of [
      'addCustomerPlan',
      'POST /customers/{customerId}/plans',
      'add customer plan endpoint',
    ]) {
      const [op, cm, guide] = weights(query);
      expect(op, query).toBeGreaterThanOrEqual(guide);
      expect(cm, query).toBeLessThan(op);
    }
    for (const query of ['Add-SMCustomerPlan', 'add customer plan powershell']) {
      const [op, cm, guide] = weights(query);
      expect(cm, query).toBeGreaterThanOrEqual(guide);
      expect(op, query).toBeLessThan(cm);
    }
  });
});

describe('rankSections', () => {
  it('puts a generated page whose title is the query first only when the query asks for that kind', () => {
    const rank = rankerOver([
      section('Billing', '', 'Billing operations of the REST API.', '/docs/developer/api/reference/billing'),
      section('Billing in Services Manager', '', 'How billing works.', '/docs/concepts/billing'),
    ]);
    expect(rank('billing')[0].url).toBe('/docs/concepts/billing');
    expect(rank('billing endpoints')[0].url).toBe('/docs/developer/api/reference/billing');
  });

  it('finds a name misspelled in the last word typed when no word of the docs starts with it', () => {
    const rank = rankerOver([
      section('Citrix DaaS', '', 'Publish hosted desktops with Citrix.', '/docs/services/citrix-daas'),
      section('Cities', '', 'Where the data centres are.', '/docs/cities'),
    ]);
    expect(rank('citrx').map((hit) => hit.url)).toEqual(['/docs/services/citrix-daas']);
    // A word still being typed keeps matching as a prefix only.
    expect(rank('citi').map((hit) => hit.url)).toEqual(['/docs/cities']);
  });

  it('forgives two swapped letters in a longer word, and ranks the page titled by a misspelled word first', () => {
    const rank = rankerOver([
      section(
        'Glossary',
        'Citrix DaaS',
        'Citrix DaaS publishes Citrix desktops; Citrix Cloud hosts Citrix.',
        '/docs/glossary',
      ),
      section('Citrix DaaS', '', 'Publish hosted desktops.', '/docs/services/citrix-daas'),
      section('Hosted Exchange', '', 'Mailboxes on Exchange servers.', '/docs/services/exchange'),
    ]);
    expect(rank('exchnage').map((hit) => hit.url)).toEqual(['/docs/services/exchange']);
    expect(rank('citrx daas')[0].url).toBe('/docs/services/citrix-daas');
  });

  it("indexes the words of a title's other names as title words", () => {
    const rank = rankerOver([
      section('Sign-in problems', 'Codes', 'MFA recovery codes and MFA resets.', '/docs/sign-in#codes'),
      {
        ...section('Multi-factor authentication', 'Recovery', 'Use a recovery code.', '/docs/mfa#recovery'),
        titleNames: ['mfa', 'two factor authentication'],
      },
    ]);
    expect(rank('mfa recovery')[0].url).toBe('/docs/mfa#recovery');
    expect(rank('two factor recovery')[0].url).toBe('/docs/mfa#recovery');
  });

  it('swaps back two neighbouring letters of a shorter word the docs lack ("sycn")', () => {
    const rank = rankerOver([
      section('Directory Sync', '', 'Sync users from Active Directory.', '/docs/services/adsync'),
      section('Glossary', 'Directory', 'A directory lists users.', '/docs/glossary'),
    ]);
    expect(rank('directory sycn')[0].url).toBe('/docs/services/adsync');
    expect(rank('sycn').map((hit) => hit.url)).toEqual(['/docs/services/adsync']);
    // A word that starts a word of the docs may still be being typed: it is not changed.
    expect(rank('directory sy')[0].url).toBe('/docs/services/adsync');
  });

  it('ranks first the page titled by another name of the query ("mfa" opens Multi-factor authentication)', () => {
    const rank = rankerOver([
      section(
        'KB00025: MFA codes are rejected',
        '',
        'MFA codes fail when the clock drifts. MFA MFA.',
        '/docs/kb/kb00025',
      ),
      {
        ...section('Multi-factor authentication', '', 'Users confirm a sign-in with MFA.', '/docs/mfa'),
        titleNames: ['mfa'],
      },
    ]);
    expect(rank('mfa')[0].url).toBe('/docs/mfa');
  });

  it('ranks first the page whose title is the query in any form: "billing" opens "Billing in Services Manager"', () => {
    const rank = rankerOver([
      section(
        'Billing rules',
        '',
        'A billing rule prices an offer for billing runs and billing.',
        '/docs/billing/rules',
      ),
      section('Billing in Services Manager', '', 'How billing works.', '/docs/billing'),
      section(
        'List customer plans',
        '',
        'Lists the plans of customers.',
        '/docs/developer/api/reference/list-customer-plans',
      ),
      section('List customers', '', 'Lists customers.', '/docs/developer/api/reference/list-customers'),
    ]);
    expect(rank('billing')[0].url).toBe('/docs/billing');
    expect(rank('list customers endpoint')[0].url).toBe('/docs/developer/api/reference/list-customers');
  });

  it('finds a section by the queries readers type for it, above one that shares only a word with them', () => {
    const page = (heading: string, text: string, queries?: string[]) => ({
      ...section('Test users', heading, text, `/docs/test-users#${heading.toLowerCase()}`),
      ...(queries ? { queries } : {}),
    });
    const rank = rankerOver([
      page('Overview', 'Test users are accounts that try services before customers see them.'),
      page('Exclude', 'Select Exclude from billing on the user’s page.', [
        'stop charging for a test account',
      ]),
    ]);
    expect(rank('stop charging for a test account').map((hit) => hit.url)[0]).toBe(
      '/docs/test-users#exclude',
    );
  });

  it('answers a question that restates a KB problem from the article’s cause or resolution', () => {
    const kb = (heading: string, text: string) =>
      section(
        'KB00040: Invoices are sent twice',
        heading,
        text,
        `/docs/kb/kb00040${heading ? `#${heading.toLowerCase()}` : ''}`,
      );
    const rank = rankerOver([
      kb('', 'Customers receive every invoice twice after the billing run.'),
      kb('Symptoms', 'Each customer receives the invoice e-mail twice after the monthly billing run.'),
      kb('Cause', 'Two Scheduler services run the notification job at once.'),
      kb('Resolution', 'Stop the second Scheduler service and disable it.'),
    ]);
    const first = (query: string) => rank(query)[0].url;
    expect(first('Why does each customer receive the invoice e-mail twice?')).toBe('/docs/kb/kb00040#cause');
    expect(first('Each customer receives the invoice e-mail twice')).toBe('/docs/kb/kb00040#resolution');
    // Keywords typed into a search box find the page itself.
    expect(first('invoice twice')).toBe('/docs/kb/kb00040');
  });

  it('puts title and heading matches above body matches', () => {
    expect(searchAll('billing rules')[0]).toBe('/docs/billing/rules');
  });

  it('matches a word being typed as a prefix', () => {
    expect(searchAll('rabbi')).toEqual(['/docs/rabbitmq']);
  });

  it('tolerates a typo in a complete word', () => {
    expect(searchAll('biling rules')[0]).toBe('/docs/billing/rules');
  });

  it('tolerates typos only in a word the docs do not contain', () => {
    const rank = rankerOver([
      section('Brand', '', 'Change the logo.', '/docs/brand'),
      section('Charges', '', 'Charge the logo fee monthly.', '/docs/charges'),
    ]);
    const matched = (query: string) => rank(query).map((hit) => [hit.url, ...hit.terms.sort()]);
    // Were "change" to match "charge", the second section would cover the whole query too.
    expect(matched('change logo')).toEqual([['/docs/brand', 'chang', 'logo']]);
    expect(matched('chnge logo')[0]).toEqual(['/docs/brand', 'chang', 'logo']);
  });

  it('puts the KB article first for its number in any form', () => {
    for (const query of ['kb00017', 'KB 17', 'kb17']) expect(searchAll(query)[0]).toBe('/docs/kb/kb00017');
  });

  it('puts the page whose title is the query first', () => {
    expect(searchAll('Install RabbitMQ')[0]).toBe('/docs/rabbitmq');
  });

  it('answers a question whose words are not all in one section with the sections that cover most of it', () => {
    expect(searchAll('How do I stop a mid-month change from being charged?')[0]).toBe(
      '/docs/billing/rules#pro-rating',
    );
  });

  it('weighs a missing word by how rare it is: lacking a common word costs less than lacking the subject', () => {
    const rank = rankerOver([
      // The answer says "test" once in a long paragraph; the other section says the common words twice.
      section(
        'Exclusions',
        '',
        'Exclude test users from billing. Open the customer, select the user, choose Edit, then select the option in the form that the platform shows for each account of the customer, and save the form when you are done with the customer and the account.',
        '/docs/exclude',
      ),
      section('Notes', '', 'Stop billing users: stop billing users.', '/docs/billing'),
      ...['mail', 'sync', 'jobs', 'queue', 'portal'].map((noun) =>
        section(noun, '', `Stop the ${noun} service.`, `/docs/${noun}`),
      ),
    ]);
    expect(rank('How do I stop test users from being billed?')[0].url).toBe('/docs/exclude');
  });

  it('leaves out sections that cover far less of the query than the best one', () => {
    const rank = rankerOver([
      section('Brand', '', 'Change the portal logo and colors.', '/docs/brand'),
      ...['users', 'plans', 'domains', 'mailboxes', 'invoices'].map((noun) =>
        section(noun, '', `Change the ${noun} in the portal.`, `/docs/${noun}`),
      ),
    ]);
    const urls = (query: string) => rank(query).map((hit) => hit.url);
    expect(urls('How do I change the portal logo and colors?')).toEqual(['/docs/brand']);
    expect(urls('change the portal')).toHaveLength(6);
  });

  it('finds a section without the word that names the kind of page wanted', () => {
    expect(searchAll('install rabbitmq powershell')[0]).toBe('/docs/rabbitmq');
    expect(searchAll('billing rules api')[0]).toBe('/docs/billing/rules');
  });

  it('reads a page of the kind asked for as naming it in its title', () => {
    const rank = rankerOver([
      section('Users', 'Users in the API', 'Create users with the REST API.', '/docs/users#api'),
      section(
        'Create a user',
        '',
        'POST /api/v2/customers/{customerId}/users creates a user.',
        '/docs/developer/api/reference/create-user',
      ),
    ]);
    expect(rank('How do I create a user through the REST API?')[0].url).toBe(
      '/docs/developer/api/reference/create-user',
    );
  });

  it("weighs the question's adjacent words found together in a heading", () => {
    const ranked = rankerOver([
      section('Billing', 'Users test', 'Flag them.', '/docs/a'),
      section('Billing', 'Test users', 'Flag them.', '/docs/b'),
    ])('test users');
    expect(ranked[0].url).toBe('/docs/b');
    expect(ranked[0].score).toBeGreaterThan(ranked[1].score * 1.2);
  });

  it('finds a section by the other names the synonyms give what it mentions', () => {
    const rank = rankerOver(SECTIONS, (text) => (/rabbitmq/i.test(text) ? 'message broker' : ''));
    expect(rank('message broker').map((hit) => hit.url)).toEqual(['/docs/rabbitmq']);
  });

  it('finds CamelCase identifiers by their words', () => {
    const rank = rankerOver([
      section('Jobs', '', 'The NightlySync job runs at 01:00.', '/docs/jobs'),
      ...SECTIONS,
    ]);
    expect(rank('nightly sync job')[0].url).toBe('/docs/jobs');
  });

  it('returns nothing for a query of stop words or symbols, without throwing', () => {
    expect(searchAll('the of and')).toEqual([]);
    expect(searchAll('.*+?^${}()|[]\\')).toEqual([]);
  });
});
