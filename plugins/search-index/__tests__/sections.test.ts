import { describe, expect, it } from 'vitest';
import { plainText, splitSections } from '../sections';
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
