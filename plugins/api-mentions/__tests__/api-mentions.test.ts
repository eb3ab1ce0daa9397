import path from 'node:path';
import { describe, expect, it } from 'vitest';
import remarkApiMentions from '..';
import { apiModel, DEFAULT_SPEC } from '@services-manager-docs/core/api';
import { referencePages } from '../../api-reference/generate';
import { mentionable, parseMention, referenceRoute, referenceSlug, resolveMention } from '../operations';
import { loadReference } from '../../api-reference/cortex/load';
import { cmdletSlug } from '../../api-reference/cortex/model';
import { cmdletRoute, parseCmdletMention, resolveCmdlet } from '../cmdlets';

const ROOT = path.resolve(__dirname, '../../..');
const model = await apiModel({ kind: 'file', location: DEFAULT_SPEC }, { cwd: ROOT });
const operations = mentionable(model.operations);
const basePath = model.basePath;
const resolve = (code: string) => resolveMention(parseMention(code)!, operations, basePath);
const idOf = (code: string) => {
  const resolution = resolve(code);
  return resolution.kind === 'operation' ? resolution.operation.operationId : resolution.kind;
};

describe('parseMention', () => {
  it('reads a method and a path, with or without host, query and trailing words', () => {
    expect(parseMention('POST /api/v2/customers')).toMatchObject({
      method: 'POST',
      path: '/api/v2/customers',
    });
    expect(parseMention("GET /requests?$filter=status eq 'Failed'")).toMatchObject({ path: '/requests' });
    expect(parseMention('GET https://portal.example.com/api/v2/health')).toMatchObject({
      path: '/api/v2/health',
    });
    expect(parseMention('GET /customers/')).toMatchObject({ path: '/customers' });
  });

  it('leaves code that is not a method and a path alone', () => {
    for (const code of [
      'Get-SMCustomer',
      'GET',
      'get /customers',
      'POST customers',
      '/api/v2/customers',
      'GETTER /x',
    ])
      expect(parseMention(code), code).toBeUndefined();
  });
});

describe('resolveMention', () => {
  it('finds the operation with or without the base path, with templates or example ids', () => {
    expect(idOf('POST /api/v2/customers')).toBe('createCustomer');
    expect(idOf('POST /customers')).toBe('createCustomer');
    expect(idOf('GET /customers/{id}')).toBe('getCustomer');
    expect(idOf('GET /api/v2/customers/8d1c2f44-5b7e-4c3a-9e21-6f0a4b3c2d11')).toBe('getCustomer');
    expect(idOf('POST /requests/<request-id>/retry')).toBe('retryRequest');
    expect(idOf("GET /workspace/items?$filter=itemType eq 'Printer'")).toBe('listWorkspaceItems');
  });

  it('prefers a literal segment over a template', () => {
    expect(idOf('POST /workspace/items/import')).toBe('importWorkspaceItems');
  });

  it('finds the token operation, and recognises the declared non-API endpoints, with or without host and base path', () => {
    expect(idOf('POST /api/v2/oauth/token')).toBe('requestAccessToken');
    expect(idOf('POST /oauth/token')).toBe('requestAccessToken');
    expect(resolve('GET https://portal.example.com/api/v2/health').kind).toBe('declared');
    expect(resolve('GET /health').kind).toBe('declared');
  });

  it('rejects an unknown path or method, a word where an id belongs, and names the nearest operation', () => {
    const unknown = resolve('GET /customers/{id}/user');
    expect(unknown).toMatchObject({ kind: 'unknown' });
    expect(resolve('PUT /customers/{customerId}')).toMatchObject({
      kind: 'unknown',
      nearest: { operationId: 'updateCustomer' },
    });
    expect(resolve('GET /customers/search').kind).toBe('unknown');
    expect(resolve('POST /api/v2/customer')).toMatchObject({ nearest: { operationId: 'createCustomer' } });
    expect(resolve('GET /v1/customers/8c1e/subscriptions').kind).toBe('unknown');
  });
});

describe('reference routes', () => {
  it('are the pages the reference generator writes, one per operation', () => {
    const generated = new Map(
      referencePages(model)
        .filter((page) => page.type === 'api')
        .map((page) => [page.item.api!.operationId, page.id]),
    );
    expect(generated.size).toBe(operations.length);
    for (const operation of operations)
      expect(referenceSlug(operation.operationId)).toBe(generated.get(operation.operationId));
    expect(referenceRoute(operations.find((o) => o.operationId === 'listCustomers')!)).toBe(
      '/docs/developer/api/reference/list-customers',
    );
  });
});

type Node = {
  type: string;
  value?: string;
  lang?: string;
  url?: string;
  children?: Node[];
  position?: { start: { line: number } };
};
const at = (line: number) => ({ start: { line } });
const run = async (tree: Node, file = path.join(ROOT, 'docs/page.md')) => {
  await remarkApiMentions({ spec: { kind: 'file', location: DEFAULT_SPEC } })(tree, { path: file });
  return tree;
};

describe('remarkApiMentions', () => {
  it('links each mentioned operation to its reference page and leaves other code alone', async () => {
    const mention = { type: 'inlineCode', value: 'GET /api/v2/customers/{customerId}', position: at(3) };
    const declared = { type: 'inlineCode', value: 'GET /api/v2/health', position: at(4) };
    const other = { type: 'inlineCode', value: 'Import-Module ServicesManager.Cortex', position: at(5) };
    const linked = {
      type: 'link',
      url: '/elsewhere',
      children: [{ type: 'inlineCode', value: 'POST /customers' }],
    };
    const tree = await run({
      type: 'root',
      children: [{ type: 'paragraph', children: [mention, declared, other, linked] }],
    });
    expect(tree.children![0].children).toEqual([
      { type: 'link', url: '/docs/developer/api/reference/get-customer', children: [mention] },
      declared,
      other,
      linked,
    ]);
  });

  it('fails on an unknown operation with the file, the line and the nearest operation', async () => {
    const tree = {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [{ type: 'inlineCode', value: 'GET /customers/{id}/user', position: at(7) }],
        },
        {
          type: 'code',
          lang: 'http',
          value: 'DELETE /api/v2/requests/42 HTTP/1.1\nHost: portal.example.com',
          position: at(9),
        },
      ],
    };
    const error = await run(tree).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(
      'docs/page.md:7: `GET /customers/{id}/user` is not an operation of the REST API v2 specification',
    );
    expect((error as Error).message).toMatch(
      /The nearest operation is `GET \/customers\/\{customerId\}\/users` \(listUsers\)/,
    );
    expect((error as Error).message).toContain(
      'docs/page.md:9: `DELETE https://portal.example.com/api/v2/requests/42`',
    );
  });

  it('skips the generated reference pages', async () => {
    const tree = { type: 'root', children: [{ type: 'inlineCode', value: 'GET /nothing', position: at(1) }] };
    await expect(run(tree, path.join(ROOT, 'api-docs/reference/x.api.mdx'))).resolves.toBe(tree);
  });
});

describe('mentions of other APIs and bare paths', () => {
  it('leaves another host’s API alone and checks the API’s own host', () => {
    const elsewhere = parseMention('POST https://halo.example.net/auth/token?tenant=northwind')!;
    expect(resolveMention(elsewhere, operations, basePath, 'portal.example.com').kind).toBe('elsewhere');
    const own = parseMention('GET https://portal.example.com/api/v2/customers')!;
    expect(resolveMention(own, operations, basePath, 'portal.example.com').kind).toBe('operation');
  });

  it('fails on a path under the base path written without its method, and checks an http block’s Host', async () => {
    const tree = {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [{ type: 'inlineCode', value: '/api/v2/oauth/token', position: at(2) }],
        },
        {
          type: 'code',
          lang: 'http',
          value: 'POST /auth/token HTTP/1.1\nHost: halo.example.net',
          position: at(4),
        },
        {
          type: 'code',
          lang: 'http',
          value: "GET /api/v2/customer?$filter=name eq 'x'\nHost: portal.example.com",
          position: at(8),
        },
      ],
    };
    const message = ((await run(tree).catch((e: Error) => e)) as Error).message;
    expect(message).toContain('docs/page.md:2: `/api/v2/oauth/token` names a path without its method');
    expect(message).not.toContain(':4:');
    expect(message).toContain(
      "docs/page.md:8: `GET https://portal.example.com/api/v2/customer?$filter=name eq 'x'` is not an operation",
    );
  });
});

describe('cmdlet mentions', () => {
  const cmdlets = model.cmdlets.map((cmdlet) => cmdlet.name).sort();

  it('knows every cmdlet of the specification and of the data file of extra cmdlets', () => {
    expect(cmdlets).toContain('Get-SMCustomer');
    expect(cmdlets).toContain('Connect-SMService');
    expect(cmdlets).toContain('Wait-SMRequest');
    expect(cmdlets.length).toBeGreaterThanOrEqual(50);
  });

  it('are the cmdlets the Cortex reference generates a page for, at the route it links', async () => {
    const reference = await loadReference({ kind: 'file', location: DEFAULT_SPEC }, { cwd: ROOT });
    expect(cmdlets).toEqual(reference.cmdlets.map((cmdlet) => cmdlet.name).sort());
    for (const cmdlet of reference.cmdlets)
      expect(cmdletRoute(cmdlet.name)).toBe(`/docs/developer/api/cortex/${cmdletSlug(cmdlet.name)}`);
  });

  it('reads a cmdlet at the start of inline code only', () => {
    expect(parseCmdletMention('Get-SMCustomer')).toBe('Get-SMCustomer');
    expect(parseCmdletMention('Get-SMCustomer -First 1')).toBe('Get-SMCustomer');
    expect(parseCmdletMention('Get-SMRequest | Restart-SMRequest')).toBe('Get-SMRequest');
    for (const code of ['Get-Credential', 'ServicesManager.Cortex', 'Get-SMCustomer.ps1', '$x = Get-SMUser'])
      expect(parseCmdletMention(code)).toBeUndefined();
  });

  it('resolves a known cmdlet and names the nearest one for an unknown', () => {
    expect(resolveCmdlet('get-smcustomer', cmdlets)).toEqual({ kind: 'cmdlet', name: 'Get-SMCustomer' });
    expect(resolveCmdlet('Get-SMCustomr', cmdlets)).toEqual({ kind: 'unknown', nearest: 'Get-SMCustomer' });
    expect(cmdletRoute('Get-SMCustomer')).toBe('/docs/developer/api/cortex/get-smcustomer');
  });

  it('links a cmdlet to its page, keeps an existing link, and fails on an unknown cmdlet with file and line', async () => {
    const mention = { type: 'inlineCode', value: 'Restart-SMRequest -Wait', position: at(2) };
    const linked = {
      type: 'link',
      url: '/elsewhere',
      children: [{ type: 'inlineCode', value: 'Get-SMUser' }],
    };
    const tree = await run({ type: 'root', children: [{ type: 'paragraph', children: [mention, linked] }] });
    expect(tree.children![0].children).toEqual([
      { type: 'link', url: '/docs/developer/api/cortex/restart-smrequest', children: [mention] },
      linked,
    ]);
    const wrong = {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [{ type: 'inlineCode', value: 'Get-SMCustomr -First 1', position: at(6) }],
        },
      ],
    };
    const message = ((await run(wrong).catch((e: Error) => e)) as Error).message;
    expect(message).toContain('docs/page.md:6: `Get-SMCustomr` is not a Cortex cmdlet of the specification');
    expect(message).toContain('The nearest cmdlet is `Get-SMCustomer`.');
  });
});
