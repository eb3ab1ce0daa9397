import { describe, expect, it } from 'vitest';
import { plainText, splitSections, structuredText } from '../sections';
import { aliasesFor, glossarySynonyms } from '../synonyms';
import { popularTopics, sectionLabel } from '../labels';

const page = (markdown: string) =>
  splitSections({
    url: '/docs/p',
    title: 'Page',
    section: 'Concepts',
    markdown,
    docsTag: 'docs-default-current',
  });

describe('splitSections', () => {
  it('makes one record for the introduction and one per H2 and H3, with Docusaurus anchors', () => {
    const records = page(
      'Intro text.\n\n## First part\n\nOne.\n\n### Detail {#custom-id}\n\nTwo.\n\n## First part\n\nThree.\n',
    );
    expect(records.map((record) => [record.url, record.hierarchy, record.text])).toEqual([
      ['/docs/p', ['Concepts', 'Page'], 'Intro text.'],
      ['/docs/p#first-part', ['Concepts', 'Page', 'First part'], 'One.'],
      ['/docs/p#custom-id', ['Concepts', 'Page', 'First part', 'Detail'], 'Two.'],
      ['/docs/p#first-part-1', ['Concepts', 'Page', 'First part'], 'Three.'],
    ]);
  });

  it('ignores headings inside code blocks and reads escaped MDX heading ids', () => {
    const records = page('```bash\n## not a heading\n```\n\n## Request \\{#request\\}\n\nBody.\n');
    expect(records.map((record) => record.url)).toEqual(['/docs/p', '/docs/p#request']);
  });
});

describe('plainText', () => {
  it('keeps what a reader sees and drops markup, diagrams and imports', () => {
    const markdown = [
      "import Tabs from '@theme/Tabs';",
      ':::note',
      'See **[billing rules](./rules.md)** and `Get-SMCustomer`.',
      ':::',
      '```mermaid',
      'flowchart LR; A-->B',
      '```',
      '| Field | Type |',
      '| --- | --- |',
      '| `id` | string |',
      '- first item',
      '<code>{"/customers/{id}"}</code>',
    ].join('\n');
    expect(plainText(markdown)).toBe(
      'See billing rules and Get-SMCustomer. Field Type id string first item /customers/{id}',
    );
  });
});

describe('structuredText', () => {
  it('keeps paragraphs, list items, table rows and code apart, and drops diagrams and markup', () => {
    const markdown = [
      'This page is for **administrators**.',
      'It continues [here](./x.md).',
      '',
      '1. Open **Settings**.',
      '2. Select `Save`:',
      '   - nested detail',
      '   continued text',
      '',
      '| Setting | Value |',
      '| --- | --- |',
      '| `Timeout` | 300 \\| 600 |',
      '',
      ':::note',
      'A note.',
      ':::',
      '```mermaid',
      'flowchart LR; A-->B',
      '```',
      '   ```ini',
      '   listeners.ssl.default = 5671',
      '   ```',
    ].join('\n');
    expect(structuredText(markdown)).toBe(
      [
        'This page is for administrators. It continues here.',
        '1. Open Settings.',
        '2. Select Save:',
        '  - nested detail continued text',
        '| Setting | Value |',
        '| Timeout | 300 | 600 |',
        'A note.',
        '```ini',
        'listeners.ssl.default = 5671',
        '```',
      ].join('\n'),
    );
  });
});

describe('glossarySynonyms', () => {
  const glossary = [
    '## M',
    '### MFA {#mfa}',
    '',
    'Multi-factor authentication, also called two-factor authentication: the service that adds a factor.',
    '',
    '### MSOL {#msol}',
    '',
    'Short for Microsoft Online, used in tags.',
    '',
    '### PSA {#psa}',
    '',
    'A professional-services-automation system, such as Autotask.',
    '',
    '### Entra ID {#entra-id}',
    '',
    'Microsoft Entra ID, formerly Azure AD: the cloud directory.',
    '',
    '### Azure AD {#azure-ad}',
    '',
    'The former name of Microsoft Entra ID.',
    '',
    '### Job {#job}',
    '',
    'A scheduled task: run by the Scheduler.',
    '',
    '### Billing unit {#billing-unit}',
    '',
    'What a billing rule counts: per user.',
  ].join('\n');

  it('reads abbreviations, the names a definition opens with, and former and other names', () => {
    expect(glossarySynonyms(glossary)).toEqual([
      ['mfa', 'multi factor authentication', 'two factor authentication'],
      ['msol', 'microsoft online'],
      ['psa', 'professional services automation'],
      ['entra id', 'microsoft entra id', 'azure ad'],
    ]);
  });

  it('gives a text the other names of what it mentions', () => {
    const groups = glossarySynonyms(glossary);
    expect(aliasesFor('Turn on MFA for Microsoft Online users.', groups)).toBe(
      'multi factor authentication two factor authentication msol',
    );
    expect(aliasesFor('Nothing here.', groups)).toBe('');
  });
});

describe('sectionLabel', () => {
  it('names the sidebar section of a URL', () => {
    expect(sectionLabel('/docs/kb/kb00001')).toBe('Knowledge base');
    expect(sectionLabel('/docs/developer/api/reference/list-customers')).toBe('API reference');
    expect(sectionLabel('/docs/concepts/platformfeatures/jobs')).toBe('Platform features');
    expect(sectionLabel('/docs/glossary')).toBe('Documentation');
  });
});

describe('popularTopics', () => {
  it('ranks topic tags by how many pages carry them, leaving out audiences and kinds', () => {
    expect(
      popularTopics(['KB', 'Billing', 'RabbitMQ', 'Billing', 'Reseller Admin', 'RabbitMQ', 'Billing'], 2),
    ).toEqual(['Billing', 'RabbitMQ']);
  });
});
