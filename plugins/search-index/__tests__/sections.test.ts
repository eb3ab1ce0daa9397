import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { glossaryEntries, searchSections } from '../sections';
import { parseDoc, unitsText, type ContentDoc } from '../../content-model';
import { aliasesFor, glossarySynonyms, titleNamesFor } from '../synonyms';
import { popularTopics, sectionLabel } from '../labels';

const FILE = path.join(__dirname, 'p.md');

/** The search records of a page written as `markdown` at /docs/p. */
async function page(markdown: string, file = FILE) {
  const content = await parseDoc(file, {}, { source: markdown });
  return searchSections({
    pluginId: 'default',
    version: { versionName: 'current' },
    doc: { title: 'Page' },
    url: '/docs/concepts/p',
    file,
    content,
  } as ContentDoc);
}

describe('searchSections', () => {
  it('makes one record for the introduction and one per H2 and H3, with Docusaurus anchors', async () => {
    const records = await page(
      'Intro text.\n\n## First part\n\nOne.\n\n### Detail {#custom-id}\n\nTwo.\n\n## First part\n\nThree.\n',
    );
    expect(records.map((record) => [record.url, record.hierarchy, unitsText(record.units)])).toEqual([
      ['/docs/concepts/p', ['Concepts', 'Page'], 'Intro text.'],
      ['/docs/concepts/p#first-part', ['Concepts', 'Page', 'First part'], 'One.'],
      ['/docs/concepts/p#custom-id', ['Concepts', 'Page', 'First part', 'Detail'], 'Two.'],
      ['/docs/concepts/p#first-part-1', ['Concepts', 'Page', 'First part'], 'Three.'],
    ]);
    expect(records[0].docsTag).toBe('docs-default-current');
  });

  it('leaves out sections that only list links to other pages', async () => {
    const records = await page(
      'Intro.\n\n## Steps\n\nDo it.\n\n## Related pages\n\n- [Billing](/docs/billing)\n\n## See also\n\n- [Users](/docs/users)\n',
    );
    expect(records.map((record) => record.heading)).toEqual(['', 'Steps']);
  });

  it('holds a table as a table and a code block whole', async () => {
    const [record] = await page(
      [
        '| Setting | Value |',
        '| --- | --- |',
        '| `Timeout` | 300 \\| 600 |',
        '',
        '1. Edit the file:',
        '',
        '   ```ini',
        '   listeners.ssl.default = 5671',
        '',
        '   ssl_options.verify = verify_peer',
        '   ```',
      ].join('\n'),
    );
    expect(record.units).toEqual([
      { type: 'table', header: ['Setting', 'Value'], rows: [['Timeout', '300 | 600']] },
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: [
          {
            checked: null,
            units: [
              { type: 'paragraph', text: 'Edit the file:' },
              {
                type: 'code',
                language: 'ini',
                code: 'listeners.ssl.default = 5671\n\nssl_options.verify = verify_peer',
              },
            ],
          },
        ],
      },
    ]);
  });

  it('keeps what a reader sees and drops markup, imports and diagrams', async () => {
    const [record] = await page(
      [
        "import Tabs from '@theme/Tabs';",
        '',
        ':::note',
        'See **[billing rules](./rules.md)** and `Get-SMCustomer`.',
        ':::',
        '',
        '```mermaid',
        'flowchart LR; A-->B',
        '```',
        '',
        '<code>{"/customers/{id}"}</code>',
      ].join('\n'),
      path.join(__dirname, 'p.mdx'),
    );
    expect(unitsText(record.units)).toBe('See billing rules and Get-SMCustomer. /customers/{id}');
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

  const entries = async () => glossaryEntries(await parseDoc(FILE, {}, { source: glossary }));

  it('reads abbreviations, the names a definition opens with, and former and other names', async () => {
    expect(glossarySynonyms(await entries())).toEqual([
      ['mfa', 'multi factor authentication', 'two factor authentication'],
      ['msol', 'microsoft online'],
      ['psa', 'professional services automation'],
      ['entra id', 'microsoft entra id', 'azure ad'],
    ]);
  });

  it('gives a text the other names of what it mentions', async () => {
    const groups = glossarySynonyms(await entries());
    expect(aliasesFor('Turn on MFA for Microsoft Online users.', groups)).toBe(
      'multi factor authentication two factor authentication msol',
    );
    expect(aliasesFor('Nothing here.', groups)).toBe('');
  });

  it('gives a title that holds a glossary name its other names, and any other title none', async () => {
    const groups = glossarySynonyms(await entries());
    expect(titleNamesFor('Multi-factor authentication', groups)).toEqual([
      'mfa',
      'two factor authentication',
    ]);
    expect(titleNamesFor('Set up multi-factor authentication', groups)).toEqual([
      'set up mfa',
      'set up two factor authentication',
    ]);
    expect(titleNamesFor('Billing rules', groups)).toEqual([]);
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
