import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { pageMarkdown, toMarkdown as twin, type ExportMeta } from '../convert';
import { parseDoc } from '../../content-model';

/** The twin of a page written as `source` (an .mdx page when `mdx`). */
const toMarkdown = async (source: string, meta: ExportMeta, mdx = false) =>
  twin(await parseDoc(path.join(__dirname, mdx ? 'page.mdx' : 'page.md'), {}, { source }), meta);
import { markdownPath } from '@services-manager-docs/core/content/build';
import { sidebarOrder } from '../index';

const meta = {
  title: 'Install RabbitMQ',
  description: 'How to install RabbitMQ.',
  tags: ['RabbitMQ', 'howto'],
  canonicalUrl: 'https://docs.example.com/docs/installation/rabbitmq',
  resolveLink: (target: string) =>
    target.endsWith('.md') ? `https://docs.example.com/${target.replace('../', 'docs/')}` : target,
  children: [],
};

describe('toMarkdown', () => {
  it('reduces front matter and keeps headings, tables, code and admonitions', async () => {
    const source = [
      '---',
      'id: rabbitmq',
      'sidebar_position: 4',
      '---',
      '',
      "import Tabs from '@theme/Tabs';",
      '',
      '## Install Erlang {#erlang}',
      '',
      ':::warning[Order matters]',
      '',
      'Install Erlang first.',
      '',
      '```powershell',
      'choco install erlang',
      '```',
      '',
      ':::',
      '',
      '| Port | Use |',
      '| --- | --- |',
      '| 5672 | AMQP |',
      '',
      'See [prerequisites](../prerequisites.md).',
    ].join('\n');
    expect(await toMarkdown(source, meta, true)).toBe(
      [
        '---',
        'title: "Install RabbitMQ"',
        'description: "How to install RabbitMQ."',
        'tags: ["RabbitMQ", "howto"]',
        'canonical_url: "https://docs.example.com/docs/installation/rabbitmq"',
        '---',
        '',
        '# Install RabbitMQ',
        '',
        '## Install Erlang',
        '',
        '> **Order matters:** Install Erlang first.',
        '>',
        '> ```powershell',
        '> choco install erlang',
        '> ```',
        '',
        '| Port | Use |',
        '| --- | --- |',
        '| 5672 | AMQP |',
        '',
        'See [prerequisites](https://docs.example.com/docs/prerequisites.md).',
        '',
      ].join('\n'),
    );
  });

  it('renders tabs as labelled sections and the API endpoint line as text', async () => {
    const source = [
      '<p className="api-endpoint"><span className="api-badge api-badge--get">GET</span> <code>{"/customers/{customerId}"}</code></p>',
      '',
      '## Code samples \\{#code-samples\\}',
      '',
      '<Tabs groupId="api-code-samples">',
      '<TabItem value="curl" label="curl">',
      '',
      '```bash',
      'curl https://example.com',
      '```',
      '',
      '</TabItem>',
      '</Tabs>',
    ].join('\n');
    const markdown = await toMarkdown(source, meta, true);
    expect(markdown).toContain('**GET** `/customers/{customerId}`');
    expect(markdown).toContain('## Code samples\n\n**curl**\n\n```bash\ncurl https://example.com\n```');
    expect(markdown).not.toMatch(/<\/?(Tabs|TabItem|p)\b/);
  });

  it('turns a card list into links to the pages it stands for', async () => {
    const source =
      "```mdx-code-block\nimport DocCardList from '@theme/DocCardList';\n\n<DocCardList items={[]} />\n```";
    const markdown = await toMarkdown(
      source,
      { ...meta, children: [{ title: 'List customers', url: 'https://x/list.md', description: 'Lists.' }] },
      true,
    );
    expect(markdown).toContain('- [List customers](https://x/list.md): Lists.');
    expect(markdown).not.toContain('DocCardList');
  });
});

describe('pageMarkdown', () => {
  it('is the twin without its front matter: the page as llms-full.txt holds it', async () => {
    const content = await parseDoc(
      path.join(__dirname, 'page.md'),
      {},
      { source: 'Intro.\n\n## Part\n\nText.\n' },
    );
    const page = pageMarkdown(content, meta);
    expect(page).toBe('# Install RabbitMQ\n\nIntro.\n\n## Part\n\nText.\n');
    expect(twin(content, meta)).toBe(
      `---\ntitle: "Install RabbitMQ"\ndescription: "How to install RabbitMQ."\ntags: ["RabbitMQ", "howto"]\ncanonical_url: "https://docs.example.com/docs/installation/rabbitmq"\n---\n\n${page}`,
    );
  });
});

describe('paths and order', () => {
  it('puts the Markdown twin next to the page', () => {
    expect(markdownPath('/docs/kb/kb00001')).toBe('/docs/kb/kb00001.md');
    expect(markdownPath('/docs/')).toBe('/docs.md');
  });

  it('follows the sidebar, category pages before their children', () => {
    const { order, children } = sidebarOrder([
      { type: 'doc', id: 'intro' },
      {
        type: 'category',
        link: { type: 'doc', id: 'billing/billing' },
        items: [
          { type: 'doc', id: 'billing/rules' },
          { type: 'category', items: [{ type: 'doc', id: 'deep' }] },
        ],
      },
    ]);
    expect(order).toEqual(['intro', 'billing/billing', 'billing/rules', 'deep']);
    expect(children.get('billing/billing')).toEqual(['billing/rules']);
  });
});
