import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModel, jsonContent, mediaExample } from '..';
import { apiSpecSource, DEFAULT_SPEC, readSpec, validateSpec } from '../source';

const ROOT = path.resolve(__dirname, '../../..');
const specText = fs.readFileSync(path.join(ROOT, DEFAULT_SPEC), 'utf8');
const model = await apiModel({ kind: 'file', location: DEFAULT_SPEC }, { cwd: ROOT });
const operations = model.operations.map((operation) => ({
  name: `${operation.method.toUpperCase()} ${operation.path}`,
  operation,
}));

describe('the REST API v2 specification', () => {
  it('is valid Swagger 2.0', async () => {
    await expect(validateSpec(specText, DEFAULT_SPEC)).resolves.toMatchObject({ swagger: '2.0' });
    expect(model.format).toBe('swagger-2.0');
  });

  it('has the tags the reference is grouped by', () => {
    expect(model.tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining([
        'Billing',
        'Customer',
        'User',
        'Request',
        'Request Hierarchy',
        'Request Log',
        'Workspace Items',
        'Workspace Lists',
        'Workspace Roles',
        'Workspace Users',
        'Workspace Customer Items',
        'Workspace Icons',
      ]),
    );
  });

  it.each(operations.map(({ name, operation }) => [name, operation] as const))(
    '%s has an operationId, one tag, a summary and a success response example',
    (_name, operation) => {
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(operation.tags).toHaveLength(1);
      expect(operation.summary.trim()).toBeTruthy();
      const examples = Object.entries(operation.responses).filter(
        ([status, response]) => Number(status) < 400 && mediaExample(jsonContent(response)) !== undefined,
      );
      expect(examples.length).toBeGreaterThan(0);
    },
  );

  it('gives every operation a unique operationId', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('where the specification comes from', () => {
  it('falls back to the repository specification', () => {
    expect(apiSpecSource(undefined)).toEqual({ kind: 'file', location: DEFAULT_SPEC });
    expect(apiSpecSource('  ')).toEqual({ kind: 'file', location: DEFAULT_SPEC });
  });

  it('takes a path or a URL from the environment', () => {
    expect(apiSpecSource('specs/v2.json')).toEqual({ kind: 'file', location: 'specs/v2.json' });
    expect(apiSpecSource('https://api.example.com/swagger/v2/swagger.json')).toEqual({
      kind: 'url',
      location: 'https://api.example.com/swagger/v2/swagger.json',
    });
  });
});

describe('a bad specification fails with a message naming its source and the first problem', () => {
  let dir: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
    server = http.createServer((req, res) => {
      if (req.url === '/swagger.yaml') res.end(specText);
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names a missing file', async () => {
    await expect(readSpec({ kind: 'file', location: 'openapi/missing.yaml' }, ROOT)).rejects.toThrow(
      'OpenAPI specification openapi/missing.yaml: file not found',
    );
  });

  it('reads a specification from a URL', async () => {
    await expect(readSpec({ kind: 'url', location: `${base}/swagger.yaml` })).resolves.toBe(specText);
  });

  it('names a URL that answers with an error', async () => {
    await expect(readSpec({ kind: 'url', location: `${base}/gone.yaml` })).rejects.toThrow(
      `OpenAPI specification ${base}/gone.yaml: the server answered HTTP 404`,
    );
  });

  it('names a URL that cannot be reached', async () => {
    server.close();
    await expect(readSpec({ kind: 'url', location: `${base}/swagger.yaml` })).rejects.toThrow(
      new RegExp(
        `^OpenAPI specification ${base}/swagger\\.yaml: could not be fetched \\((ECONNREFUSED|UND_ERR_SOCKET)\\)`,
      ),
    );
  });

  it('names text that is not YAML', async () => {
    await expect(validateSpec('swagger: "2.0"\npaths: [unclosed', 'broken.yaml')).rejects.toThrow(
      /^OpenAPI specification broken\.yaml: not valid YAML or JSON: /,
    );
  });

  it('names a document that is not an API specification', async () => {
    await expect(validateSpec('title: A shopping list\n', 'list.yaml')).rejects.toThrow(
      /^OpenAPI specification list\.yaml: /,
    );
  });

  it('names the first structural problem and its line', async () => {
    const broken = specText.replace(/^paths:/m, 'paths:\n  /broken:\n    get:\n      responses: 42');
    const file = path.join(dir, 'broken.yaml');
    fs.writeFileSync(file, broken);
    await expect(validateSpec(broken, file)).rejects.toThrow(
      new RegExp(
        `^OpenAPI specification ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+: .*\\(at /paths/~1broken/get/responses\\)`,
      ),
    );
  });
});
