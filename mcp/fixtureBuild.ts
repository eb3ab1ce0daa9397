/**
 * A production build of three pages, as small as the MCP server accepts (the smoke test serves it, and
 * the unit tests read it): llms.txt, the Markdown twins,
 * the pages' content models (content.json) and a real search index written as plugins/search-index
 * writes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSearchFiles, type SourceSection } from '@services-manager-docs/core/search/engine';
import { CONTENT_FILE, markdownPath, type ContentFile } from '@services-manager-docs/core/content/build';

const PAGES = [
  {
    path: '/docs/kb/kb00001',
    title: 'KB00001: Regenerate the Partner Center token',
    text: 'Regenerate the refresh token when Partner Center rejects it.',
  },
  {
    path: '/docs/concepts/customers',
    title: 'Customers',
    text: 'A customer holds plans, subscriptions and invoices. Provisioning creates its services.',
  },
  {
    path: '/docs/services/workspace',
    title: 'Workspace',
    text: 'Workspace variables configure the provisioning of every customer workspace.',
  },
];

/** Writes the build into `dir` (created if missing) and answers `dir`. */
export function writeFixtureBuild(dir: string): string {
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('llms.txt', '# Services Manager Docs\n');
  for (const page of PAGES)
    write(
      `${page.path.slice(1)}.md`,
      [
        '---',
        `title: ${JSON.stringify(page.title)}`,
        'description: "A page."',
        'tags: []',
        `canonical_url: "http://localhost:3000${page.path}"`,
        '---',
        '',
        `# ${page.title}`,
        '',
        page.text,
        '',
      ].join('\n'),
    );
  const sections: SourceSection[] = PAGES.map((page) => ({
    url: page.path,
    hierarchy: ['Documentation', page.title],
    title: page.title,
    heading: '',
    units: [{ type: 'paragraph', text: page.text }],
    docsTag: 'docs-default-current',
  }));
  const content: ContentFile = {
    origin: 'http://localhost:3000',
    baseUrl: '/',
    pages: PAGES.map((page) => ({
      url: page.path,
      title: page.title,
      description: 'A page.',
      tags: [],
      section: 'Documentation',
      twin: markdownPath(page.path),
      content: {
        sections: [
          {
            level: 1,
            heading: [],
            anchor: '',
            units: [{ type: 'paragraph', text: [{ type: 'text', value: page.text }] }],
          },
        ],
        links: [],
      },
    })),
    operations: [],
  };
  write(CONTENT_FILE, JSON.stringify(content));
  const files = buildSearchFiles(sections);
  const index = (file: string, data: unknown) => write(`search/fixture/${file}`, JSON.stringify(data));
  index('base.json', files.base);
  index('sections.json', files.sections);
  index('shards.json', Object.keys(files.shards).sort());
  index('suggestions.json', []);
  for (const [shard, terms] of Object.entries(files.shards)) index(`shards/${shard}.json`, terms);
  files.texts.forEach((chunk, i) => index(`texts/${i}.json`, chunk));
  return dir;
}
