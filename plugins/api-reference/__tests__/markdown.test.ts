import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiPageMD, mdx, sampleRequest, summarize, type ApiItem, type PageItem } from '../markdown';
import { codeSamples, pythonLiteral } from '../codeSamples';
import { exampleFor, schemaRows, typeLabel } from '../schema';

describe('mdx', () => {
  it('escapes braces and angle brackets outside code spans only', () => {
    expect(mdx('Use {id} and <token> or `{id}`')).toBe('Use \\{id\\} and &lt;token&gt; or `{id}`');
  });
});

describe('schemas', () => {
  const schema = {
    type: 'object',
    required: ['id'],
    properties: {
      id: { type: 'string', format: 'uuid', description: 'Id.' },
      status: { type: 'string', enum: ['Queued', 'Failed'] },
      lines: {
        type: 'array',
        items: { type: 'object', properties: { amount: { type: 'number', example: 12.5 } } },
      },
    },
  };

  it('flattens nested properties into dotted rows with types and constraints', () => {
    expect(schemaRows(schema)).toEqual([
      { name: 'id', type: 'string (uuid)', required: true, description: 'Id.' },
      { name: 'status', type: 'string', required: false, description: 'One of: `Queued`, `Failed`.' },
      { name: 'lines', type: 'array of object', required: false, description: '' },
      { name: 'lines[].amount', type: 'number', required: false, description: '' },
    ]);
  });

  it('merges allOf and builds examples from properties', () => {
    const merged = { allOf: [schema, { properties: { extra: { type: 'boolean' } } }] };
    expect(schemaRows(merged).map((row) => row.name)).toContain('extra');
    expect(typeLabel(merged)).toBe('object');
    expect(exampleFor(schema)).toEqual({
      id: '00000000-0000-0000-0000-000000000000',
      status: 'Queued',
      lines: [{ amount: 12.5 }],
    });
    // An optional property without an example is left out rather than shown as a placeholder.
    expect(
      exampleFor({
        type: 'object',
        properties: { note: { type: 'string' }, on: { type: 'boolean', default: false } },
      }),
    ).toEqual({ on: false });
  });
});

describe('operation pages', () => {
  const item: PageItem = {
    title: 'Get a customer',
    frontMatter: {},
    api: {
      operationId: 'getCustomer',
      method: 'get',
      path: '/customers/{customerId}',
      description: 'Returns one customer.',
      'x-cortex': { cmdlet: 'Get-SMCustomer' },
      servers: [{ url: 'https://portal.example.com/api/v2' }],
      parameters: [
        { name: 'customerId', in: 'path', required: true, example: 'c-1', schema: { type: 'string' } },
      ],
      security: [{ oauth2: ['sm.read'] }],
      responses: {
        '200': {
          description: 'The customer.',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { name: { type: 'string' } } },
              example: { name: 'Contoso Ltd' },
            },
          },
        },
        '404': { description: 'No such customer.' },
      },
    },
  };

  it('renders method, path, operation id, parameters, responses and five code samples', () => {
    const page = createApiPageMD(item);
    expect(page).toContain('<code>{"/customers/{customerId}"}</code>');
    expect(page).toContain('**Operation ID:** `getCustomer`');
    expect(page).toContain('**Cortex:** [`Get-SMCustomer`](../cortex/get-smcustomer)');
    expect(page).toContain('| `customerId` | string | Yes |');
    expect(page).toContain('### 200 OK \\{#response-200\\}');
    expect(page).toContain('| 404 Not Found | — | No such customer. |');
    for (const label of ['curl', 'PowerShell', 'Python', 'JavaScript', 'C#'])
      expect(page).toContain(`label="${label}"`);
    expect(item.frontMatter).toMatchObject({
      yamlTitle: '"Get a customer"',
      yamlDescription: '"Returns one customer."',
    });
  });

  it('lists each error status’s codes, and advises the same Idempotency-Key only where the operation takes one', () => {
    const error = {
      type: 'object',
      properties: {
        code: { type: 'string', description: 'One of `ValidationFailed`, `InvalidFilter`, `InternalError`.' },
      },
    };
    const responses = {
      '200': { description: 'OK.' },
      '400': {
        description: 'Not valid.',
        content: { 'application/json': { schema: error, example: { code: 'ValidationFailed' } } },
      },
      '500': {
        description:
          'Unexpected. Repeat the call later with the same `Idempotency-Key`; if it persists, contact support.',
        content: { 'application/json': { schema: error, example: { code: 'InternalError' } } },
      },
    };
    const page = (parameters: ApiItem['parameters']) =>
      createApiPageMD({
        title: 'T',
        frontMatter: {},
        api: { method: 'post', path: '/x', parameters, responses },
      });
    const keyed = page([{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } }]);
    expect(keyed).toContain(
      '| 500 Internal Server Error | `InternalError` | Unexpected. Repeat the call later with the same `Idempotency-Key`; if it persists, contact support. |',
    );
    const plain = page([{ name: '$filter', in: 'query', schema: { type: 'string' } }]);
    expect(plain).toContain('| 400 Bad Request | `ValidationFailed`, `InvalidFilter` | Not valid. |');
    expect(plain).toContain(
      '| 500 Internal Server Error | `InternalError` | Unexpected. Repeat the call later; if it persists, contact support. |',
    );
  });

  it('fills path parameters with their examples in the samples', () => {
    expect(sampleRequest(item.api!)).toEqual({
      method: 'GET',
      url: 'https://portal.example.com/api/v2/customers/c-1',
    });
  });

  it('sends an Idempotency-Key in the samples of an operation that accepts one', () => {
    const post = {
      ...item.api!,
      method: 'post',
      parameters: [
        ...(item.api!.parameters ?? []),
        { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } },
      ],
    } as typeof item.api & object;
    expect(sampleRequest(post)).toMatchObject({ method: 'POST', idempotencyKey: true });
  });

  it('posts the token operation as a form, without a token', () => {
    const token = {
      ...item.api!,
      method: 'post',
      path: '/oauth/token',
      parameters: [],
      security: [],
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: {
                grant_type: { type: 'string', enum: ['client_credentials'] },
                client_id: { type: 'string', example: 'fabrikam-psa-sync' },
              },
            },
          },
        },
      },
    } as unknown as typeof item.api & object;
    const request = sampleRequest(token);
    expect(request).toMatchObject({
      anonymous: true,
      form: { grant_type: 'client_credentials', client_id: 'fabrikam-psa-sync' },
    });
    for (const sample of codeSamples(request)) {
      expect(sample.code).not.toContain('Bearer');
      expect(sample.code).toContain('fabrikam-psa-sync');
    }
  });

  it('summarizes a description to its first sentence', () => {
    expect(summarize('Lists `customers`. More text.', 'x')).toBe('Lists customers.');
    expect(summarize(undefined, 'Fallback')).toBe('Fallback');
  });
});

describe('code samples', () => {
  it('make a new Idempotency-Key in every language, never a literal one, and send it', () => {
    for (const files of [undefined, { file: 'icon.svg' }]) {
      const samples = codeSamples({
        method: 'POST',
        url: 'https://h/x',
        json: {},
        files,
        idempotencyKey: true,
      });
      const byLabel = Object.fromEntries(samples.map((sample) => [sample.label, sample.code]));
      // A literal key would be reused by every change made from the sample.
      for (const code of Object.values(byLabel)) {
        expect(code).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
        expect(code).not.toMatch(/Idempotency-Key['"]?\s*[:=,]\s*['"][^$]/);
      }
      expect(byLabel.curl).toMatch(/^IDEMPOTENCY_KEY=\$\(uuidgen\)\n/);
      expect(byLabel.curl).toContain('-H "Idempotency-Key: $IDEMPOTENCY_KEY"');
      expect(byLabel.PowerShell).toMatch(/^\$idempotencyKey = \[guid\]::NewGuid\(\)\.ToString\(\)\n/);
      expect(byLabel.PowerShell).toContain("'Idempotency-Key' = $idempotencyKey");
      expect(byLabel.Python).toMatch(/^import uuid\n/);
      expect(byLabel.Python).toContain('idempotency_key = str(uuid.uuid4())');
      expect(byLabel.Python).toContain('"Idempotency-Key": idempotency_key');
      expect(byLabel.JavaScript).toContain('const idempotencyKey = crypto.randomUUID();');
      expect(byLabel.JavaScript).toContain("'Idempotency-Key': idempotencyKey");
      expect(byLabel['C#']).toContain('var idempotencyKey = Guid.NewGuid().ToString();');
      expect(byLabel['C#']).toContain('client.DefaultRequestHeaders.Add("Idempotency-Key", idempotencyKey);');
      // The key is made before it is used.
      for (const code of Object.values(byLabel)) {
        const made = code.search(/idempotency_?key\s*=/i);
        expect(made).toBeGreaterThanOrEqual(0);
        expect(made).toBeLessThan(code.indexOf('Idempotency-Key'));
      }
    }
  });

  it('store the token where the Authentication section puts it: the access token string', () => {
    const intro = fs.readFileSync(path.resolve(__dirname, '../../../api-docs/api-intro.md'), 'utf8');
    const block = /```powershell\n([\s\S]*?)```/.exec(intro.slice(intro.indexOf('{#first-call}')))?.[1] ?? '';
    expect(block).toMatch(/\$token = \(Invoke-RestMethod [\s\S]*?\)\.access_token\n/);
    expect(block).toContain('Authorization = "Bearer $token"');
    const samples = codeSamples({ method: 'GET', url: 'https://h/x' });
    expect(samples.find((sample) => sample.label === 'PowerShell')?.code).toContain(
      'Authorization = "Bearer $token"',
    );
    expect(samples.find((sample) => sample.label === 'curl')?.code).toContain('Bearer $TOKEN');
    expect(intro).toMatch(/TOKEN=\$\(curl [\s\S]*?jq -r \.access_token\)/);
  });

  it('writes a JSON body idiomatically in each language', () => {
    const samples = codeSamples({ method: 'POST', url: 'https://h/x', json: { ok: true, name: "O'Brien" } });
    const byLabel = Object.fromEntries(samples.map((sample) => [sample.label, sample.code]));
    expect(byLabel.curl).toContain(`-d '{\n  "ok": true,\n  "name": "O'\\''Brien"\n}'`);
    expect(byLabel.PowerShell).toContain('Invoke-RestMethod -Method Post');
    expect(byLabel.Python).toContain('"ok": True');
    expect(byLabel.JavaScript).toContain("method: 'POST'");
    expect(byLabel['C#']).toContain('await client.PostAsync("https://h/x", body)');
    expect(Object.values(byLabel).filter((code) => code.includes('Idempotency-Key'))).toEqual([]);
    expect(pythonLiteral({ a: [null, false] })).toBe(
      '{\n    "a": [\n        None,\n        False,\n    ],\n}',
    );
  });
});
