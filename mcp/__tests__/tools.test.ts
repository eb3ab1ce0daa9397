import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { kbAreas, loadSite, SiteError, type Site } from '../site';
import { parseDoc } from '../../plugins/content-model';
import type { ContentFile } from '@services-manager-docs/core/content/build';
import { sectionLabel } from '../../plugins/search-index/labels';
import { connectClient } from './fixture';
import { pathMatches } from '../tools';

/** A twin as plugins/markdown-export writes it, built at http://localhost:3000. */
const twin = (sitePath: string, title: string, tags: string[], body: string) =>
  [
    '---',
    `title: ${JSON.stringify(title)}`,
    'description: "A page."',
    `tags: ${JSON.stringify(tags)}`,
    `canonical_url: "http://localhost:3000${sitePath}"`,
    '---',
    '',
    `# ${title}`,
    '',
    body,
    '',
  ].join('\n');

const FILES: Record<string, string> = {
  'llms.txt': '# Services Manager Docs\n',
  'search/abc/base.json': '{}',
  'docs/kb/kb00001.md': twin(
    '/docs/kb/kb00001',
    'KB00001: Setup fails',
    ['KB'],
    '## Applies to\n\nSetup.\n\nSee [KB index](http://localhost:3000/docs/kb/article-index.md).',
  ),
  'docs/kb/article-index.md': twin(
    '/docs/kb/article-index',
    'Knowledge base article index',
    ['KB'],
    '| Article | Title | Area | Summary |\n|---|---|---|---|\n| [KB00001](http://localhost:3000/docs/kb/kb00001.md) | Setup fails | [Installation](#installation) | Fix. |',
  ),
  'docs/services/workspace.md': twin('/docs/services/workspace', 'Workspace', [], 'Overview.'),
  'docs/services/workspace/kb/variables.md': twin(
    '/docs/services/workspace/kb/variables',
    'Workspace variables',
    ['KB'],
    '## Applies to\n\nWorkspace.',
  ),
  'docs/services/workspace/kb/index.md': twin(
    '/docs/services/workspace/kb/index',
    'Workspace knowledge base',
    ['KB'],
    'The index.',
  ),
  'docs/developer/api/reference/add-customer-plan.md': twin(
    '/docs/developer/api/reference/add-customer-plan',
    'Add a customer plan',
    [],
    '**POST** `/customers/{customerId}/plans`\n\n**Operation ID:** `addCustomerPlan`\n\n' +
      'Row.\n'.repeat(5000),
  ),
  'docs/developer/api/reference/get-customer.md': twin(
    '/docs/developer/api/reference/get-customer',
    'Get a customer',
    [],
    '**Operation ID:** `getCustomer`',
  ),
  'docs/developer/api/cortex/get-smcustomer.md': twin(
    '/docs/developer/api/cortex/get-smcustomer',
    'Get-SMCustomer',
    [],
    'Gets customers.',
  ),
};

/** The operations content.json carries for the pages above, as the build writes them. */
const OPERATIONS: ContentFile['operations'] = [
  {
    operationId: 'addCustomerPlan',
    method: 'POST',
    path: '/customers/{customerId}/plans',
    summary: 'Add a customer plan',
    cmdlet: 'Add-SMCustomerPlan',
    url: '/docs/developer/api/reference/add-customer-plan',
  },
  {
    operationId: 'getCustomer',
    method: 'GET',
    path: '/customers/{customerId}',
    summary: 'Get a customer',
    cmdlet: 'Get-SMCustomer',
    url: '/docs/developer/api/reference/get-customer',
  },
];

let dir: string;
let site: Site;
let client: Client;

/** content.json as the build writes it for the twins above: each page's model, parsed from its body. */
async function contentFile(): Promise<ContentFile> {
  const pages = await Promise.all(
    Object.entries(FILES)
      .filter(([file]) => file.endsWith('.md'))
      .map(async ([file, text]) => {
        const url = `/${file.replace(/\.md$/, '')}`;
        const [, title] = /^title: (.*)$/m.exec(text)!;
        const [, tags] = /^tags: (.*)$/m.exec(text)!;
        const body = text.replace(/^---\n[\s\S]*?\n---\n\n# .*\n/, '');
        return {
          url,
          title: JSON.parse(title) as string,
          description: 'A page.',
          tags: JSON.parse(tags) as string[],
          section: sectionLabel(url),
          twin: `${url}.md`,
          content: await parseDoc(path.join(dir, file), {}, { source: body }),
        };
      }),
  );
  return { origin: 'http://localhost:3000', baseUrl: '/', pages, operations: OPERATIONS };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-site-'));
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'build', file)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'build', file), text);
  }
  fs.writeFileSync(path.join(dir, 'build', 'content.json'), JSON.stringify(await contentFile()));
  site = await loadSite({ buildDir: path.join(dir, 'build'), origin: 'https://docs.example.com/' });
  client = await connectClient(site);
});

afterAll(async () => {
  await client?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const call = async (name: string, args: Record<string, unknown>) => {
  const result = await client.callTool({ name, arguments: args });
  return { error: Boolean(result.isError), text: (result.content as { text: string }[])[0].text };
};

describe('loadSite', () => {
  it('names the command to run when there is no build, or a content.json without operations', async () => {
    await expect(loadSite({ buildDir: path.join(dir, 'none'), origin: '' })).rejects.toThrow(
      /No production build in .*none: run "npm run build" first/,
    );
    const old = path.join(dir, 'old-build');
    fs.cpSync(path.join(dir, 'build'), old, { recursive: true });
    const content = JSON.parse(fs.readFileSync(path.join(old, 'content.json'), 'utf8')) as ContentFile;
    fs.writeFileSync(path.join(old, 'content.json'), JSON.stringify({ ...content, operations: undefined }));
    const stale = loadSite({ buildDir: old, origin: '' });
    await expect(stale).rejects.toThrow(SiteError);
    await expect(stale).rejects.toThrow(/content\.json: not a content model; run "npm run build" again/);
  });

  it('reads the twins with their links moved to the configured origin', () => {
    const page = site.find('/docs/kb/kb00001')!;
    expect(page.section).toBe('Knowledge base');
    expect(page.markdown).toContain('https://docs.example.com/docs/kb/article-index.md');
    expect(page.markdown).not.toContain('localhost:3000');
    expect(site.url(page.path)).toBe('https://docs.example.com/docs/kb/kb00001');
  });

  it('lists KB articles (not index pages) with number and area', () => {
    expect(site.kb.map((a) => [a.number, a.area, a.page.path])).toEqual([
      ['KB00001', 'Installation', '/docs/kb/kb00001'],
      [undefined, 'Workspace', '/docs/services/workspace/kb/variables'],
    ]);
  });

  it('links operations to their reference pages and cmdlets', () => {
    expect(site.operations.map((op) => [op.operationId, op.cmdlet, op.page?.path])).toEqual([
      ['addCustomerPlan', 'Add-SMCustomerPlan', '/docs/developer/api/reference/add-customer-plan'],
      ['getCustomer', 'Get-SMCustomer', '/docs/developer/api/reference/get-customer'],
    ]);
  });
});

describe('pure readers', () => {
  it('reads the KB areas', async () => {
    const index = await parseDoc(
      path.join(dir, 'index.md'),
      {},
      {
        source:
          '| Article | Title | Area | Summary |\n|---|---|---|---|\n| [KB00002](x) | T | [API](#api) | S |\n| KB | no link | x | y |',
      },
    );
    expect([...kbAreas(index)]).toEqual([['KB00002', 'API']]);
  });

  it('matches concrete and prefixed paths to templates', () => {
    expect(pathMatches('/customers/{customerId}/plans', '/api/v2/customers/42/plans/')).toBe(true);
    expect(
      pathMatches('/customers/{customerId}/plans', 'https://portal.example.com/api/v2/customers/42/plans'),
    ).toBe(true);
    expect(pathMatches('/customers/{customerId}', '/customers/42/plans')).toBe(false);
  });
});

describe('tools', () => {
  it('lists the five tools with descriptions and schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'get_api_operation',
      'get_cmdlet',
      'list_kb_articles',
      'read_page',
      'search_docs',
    ]);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('reads a page by URL, path or twin address, in parts when long', async () => {
    for (const input of [
      'https://docs.example.com/docs/kb/kb00001',
      'docs/kb/kb00001.md',
      '/docs/kb/kb00001/#applies-to',
    ])
      expect((await call('read_page', { url_or_path: input })).text).toContain('# KB00001: Setup fails');
    const first = await call('read_page', { url_or_path: '/docs/developer/api/reference/add-customer-plan' });
    const next = /offset: (\d+)/.exec(first.text)?.[1];
    expect(first.text.length).toBeLessThan(17_000);
    expect(next).toBeDefined();
    const second = await call('read_page', {
      url_or_path: '/docs/developer/api/reference/add-customer-plan',
      offset: Number(next),
    });
    expect(second.text).toMatch(/^Row\./);
  });

  it('reads only pages of the build, whatever the path', async () => {
    for (const input of [
      '../../../../etc/passwd',
      '/docs/../../spec.yaml',
      'file:///etc/passwd',
      '%00',
      '\u202e/docs',
    ])
      expect((await call('read_page', { url_or_path: input })).error, input).toBe(true);
  });

  it('answers an unknown page with the closest ones', async () => {
    const result = await call('read_page', { url_or_path: '/docs/kb/kb0001' });
    expect(result.error).toBe(true);
    expect(result.text).toContain('No documentation page at "/docs/kb/kb0001".');
    expect(result.text).toContain('[KB00001: Setup fails](https://docs.example.com/docs/kb/kb00001)');
  });

  it('gets an operation by id or by method and path, with its cmdlet', async () => {
    const byId = await call('get_api_operation', { operation_id: 'ADDCUSTOMERPLAN' });
    expect(byId.text).toMatch(
      /^\*\*POST\*\* `\/customers\/\{customerId\}\/plans` · operation `addCustomerPlan` · Cortex cmdlet: `Add-SMCustomerPlan`/,
    );
    const byPath = await call('get_api_operation', { method: 'GET', path: '/customers/42' });
    expect(byPath.text).toContain(
      'Cortex cmdlet: `Get-SMCustomer` ([reference](https://docs.example.com/docs/developer/api/cortex/get-smcustomer))',
    );
    expect((await call('get_api_operation', { method: 'DELETE', path: '/customers/42' })).text).toContain(
      'That path has: GET (getCustomer)',
    );
    expect((await call('get_api_operation', { operation_id: 'addCustomerPlans' })).text).toContain(
      'Closest operationIds: addCustomerPlan',
    );
    expect((await call('get_api_operation', { method: 'GET' })).text).toBe(
      'Give operation_id, or both method and path.',
    );
  });

  it('gets a cmdlet from its page, else from the operation naming it, else suggests names', async () => {
    expect((await call('get_cmdlet', { name: 'get-smcustomer' })).text).toContain('# Get-SMCustomer');
    const wrapped = await call('get_cmdlet', { name: 'Add-SMCustomerPlan' });
    expect(wrapped.text).toMatch(/^`Add-SMCustomerPlan` wraps this REST API operation/);
    const unknown = await call('get_cmdlet', { name: 'Add-SMCustomerPlam' });
    expect(unknown).toEqual({
      error: true,
      text: expect.stringContaining('Closest cmdlets: Add-SMCustomerPlan'),
    });
  });

  it('lists KB articles, by area too', async () => {
    expect((await call('list_kb_articles', {})).text).toContain(
      '| KB00001 | Setup fails | Installation | https://docs.example.com/docs/kb/kb00001 |',
    );
    expect((await call('list_kb_articles', { area: 'workspace' })).text).toMatch(
      /^1 knowledge-base article in workspace/,
    );
    expect((await call('list_kb_articles', { area: 'Billing' })).text).toBe(
      'No knowledge-base area "Billing". Areas: Installation, Workspace.',
    );
  });

  it('answers bad input with a validation message, never a stack trace', async () => {
    for (const [name, args] of [
      ['read_page', {}],
      ['read_page', { url_or_path: 'x'.repeat(501) }],
      ['search_docs', { query: 42 }],
      ['search_docs', { query: 'x', limit: 1000 }],
      ['get_api_operation', { method: 'TRACE', path: '/' }],
      ['read_page', { url_or_path: '/docs', offset: -1 }],
    ] as const) {
      const result = await call(name, args);
      expect(result.error, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(result.text).toMatch(/Input validation error/);
      expect(result.text).not.toMatch(/\n\s+at /);
    }
  });
});

describe('resources', () => {
  it('lists every page with its title and reads it', async () => {
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(
      expect.objectContaining({
        uri: 'docs://docs/kb/kb00001',
        name: 'KB00001: Setup fails',
        mimeType: 'text/markdown',
      }),
    );
    const { contents } = await client.readResource({ uri: 'docs://docs/services/workspace/kb/index' });
    expect((contents[0] as { text: string }).text).toContain('# Workspace knowledge base');
    await expect(client.readResource({ uri: 'docs://docs/nothing' })).rejects.toThrow(
      /No documentation page/,
    );
  });
});
