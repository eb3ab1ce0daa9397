/**
 * The downloads the build publishes: the specification as written, the OpenAPI 3 conversions (valid for
 * the project's validator), the Postman collection (loaded with Postman's own library: every operation
 * with its method, path and headers) and SKILL.md, written into the build by the plugin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { Collection, type Item } from 'postman-collection';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { LoadContext } from '@docusaurus/types';
import { apiModel, DEFAULT_SPEC, validateSpec, type SpecSource } from '@services-manager-docs/core/api';
import { sampleRequest, type ApiItem } from '../../api-reference/markdown';
import { referencePages } from '../../api-reference/generate';
import { exampleTargets } from '../../api-reference/cortex/targets';
import apiKitPlugin, { specFiles } from '..';
import { contentDownloads, DOWNLOAD_LIST, DOWNLOADS } from '../downloads';
import { NEW_UUID, POSTMAN_SCHEMA, stableId } from '../postman';

const ROOT = path.resolve(__dirname, '../../..');
const SPEC: SpecSource = { kind: 'file', location: path.join(ROOT, DEFAULT_SPEC) };
const model = await apiModel(SPEC);
// The reference's samples act on objects the lifecycle allows the operation on; so must the collection.
exampleTargets(model);
const files = await specFiles(SPEC);
const collectionJson = JSON.parse(files.get(DOWNLOADS.postman.file)!);
const collection = new Collection(collectionJson);

const requests: Item[] = [];
collection.forEachItem((item) => void requests.push(item));
/** `/customers/{customerId}` as Postman writes it. */
const postmanPath = (route: string) => route.replace(/\{([^}]+)\}/g, ':$1');

/** What the collection lacks: each operation once, with its method, path, name, headers and body. */
function collectionProblems(tested: Collection): string[] {
  const items: Item[] = [];
  tested.forEachItem((item) => void items.push(item));
  return model.operations.flatMap((operation) => {
    const id = operation.operationId;
    const route = `${operation.method.toUpperCase()} ${operation.path}`;
    const matches = items.filter(
      (item) =>
        item.request.method === operation.method.toUpperCase() &&
        item.request.url.getPath(true) === postmanPath(operation.path),
    );
    if (matches.length !== 1) return [`${id}: ${matches.length} requests for ${route}`];
    const [item] = matches;
    const problems: string[] = [];
    if (item.name !== operation.summary) problems.push(`${id}: named "${item.name}"`);
    const takesKey = operation.parameters.some(
      (parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key',
    );
    const key = item.request.headers.get('Idempotency-Key');
    if (key !== (takesKey ? NEW_UUID : undefined)) problems.push(`${id}: Idempotency-Key is ${key}`);
    // The path names the object the reference's sample names.
    const sent = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
      String(item.request.url.variables.get(name)),
    );
    const sample = new URL(
      sampleRequest({ ...operation, servers: [{ url: 'https://x' }] } as unknown as ApiItem).url,
    );
    if (decodeURIComponent(sample.pathname) !== sent) problems.push(`${id}: path ${sent}`);
    if (operation.requestBody?.content?.['application/json']) {
      if (item.request.headers.get('Content-Type') !== 'application/json')
        problems.push(`${id}: no Content-Type`);
      // The body is the reference's sample: the specification's example.
      const sample = sampleRequest({ ...operation, servers: [] } as unknown as ApiItem).json;
      if (JSON.stringify(JSON.parse(item.request.body?.raw ?? 'null')) !== JSON.stringify(sample))
        problems.push(`${id}: the body is not the specification's example`);
    }
    for (const variable of item.request.url.variables.all())
      if (!variable.value) problems.push(`${id}: no value for :${variable.key}`);
    return problems;
  });
}

describe('the specification downloads', () => {
  it('have stable URLs under /openapi/ and SKILL.md at the root, as content.json lists them', () => {
    expect(DOWNLOAD_LIST.map((download) => download.file)).toEqual([
      'openapi/services-manager-v2.yaml',
      'openapi/openapi.json',
      'openapi/openapi.yaml',
      'openapi/services-manager-v2.postman_collection.json',
      'SKILL.md',
    ]);
    expect(contentDownloads('/docs-site/').map((download) => download.path)).toContain(
      '/docs-site/openapi/openapi.json',
    );
  });

  it('publish the specification as it is written', () => {
    expect(files.get(DOWNLOADS.spec.file)).toBe(fs.readFileSync(SPEC.location, 'utf8'));
  });

  it('convert it to OpenAPI 3.0, in JSON and YAML, that the project’s validator accepts', async () => {
    for (const file of [DOWNLOADS.openapiJson.file, DOWNLOADS.openapiYaml.file]) {
      const text = files.get(file)!;
      const parsed = await validateSpec(text, file);
      expect(parsed.openapi).toMatch(/^3\.0\./);
      expect(parsed).toEqual(JSON.parse(JSON.stringify(model.document)));
    }
    expect(yaml.load(files.get(DOWNLOADS.openapiYaml.file)!)).toEqual(
      JSON.parse(files.get(DOWNLOADS.openapiJson.file)!),
    );
  });
});

describe('the links to the downloads', () => {
  const link = (file: string) => `(pathname:///${file})`;

  it('are on every operation page', () => {
    const pages = referencePages(model).filter((page) => page.type === 'api');
    expect(pages).toHaveLength(model.operations.length);
    for (const page of pages) {
      expect(page.markdown).toContain(`[Download the API specification]${link(DOWNLOADS.spec.file)}`);
      for (const download of [DOWNLOADS.openapiJson, DOWNLOADS.openapiYaml, DOWNLOADS.postman])
        expect(page.markdown).toContain(link(download.file));
    }
  });

  it('are on REST conventions, with the changelog, and the collection on the walk-through', () => {
    const rest = fs.readFileSync(path.join(ROOT, 'api-docs/rest.md'), 'utf8');
    const downloads = rest.slice(
      rest.indexOf('{#downloads}'),
      rest.indexOf('\n## ', rest.indexOf('{#downloads}')),
    );
    for (const download of [DOWNLOADS.spec, DOWNLOADS.openapiJson, DOWNLOADS.openapiYaml, DOWNLOADS.postman])
      expect(downloads).toContain(link(download.file));
    expect(downloads).toContain('](./reference/api-changelog.md)');
    const walkthrough = fs.readFileSync(path.join(ROOT, 'api-docs/rest-walkthrough.md'), 'utf8');
    expect(walkthrough).toContain(link(DOWNLOADS.postman.file));
  });
});

describe('the Postman collection', () => {
  it('is a v2.1 collection with the base URL and the token as variables, and the token as bearer auth', () => {
    expect(collectionJson.info.schema).toBe(POSTMAN_SCHEMA);
    expect(collection.variables.get('baseUrl')).toBe(model.serverUrl);
    expect(collection.variables.has('token')).toBe(true);
    expect(collection.variables.has('clientId') && collection.variables.has('clientSecret')).toBe(true);
    expect(collectionJson.auth).toEqual({
      type: 'bearer',
      bearer: [{ key: 'token', value: '{{token}}', type: 'string' }],
    });
  });

  it('holds every operation once, with its method, path and headers', () => {
    expect(requests).toHaveLength(model.operations.length);
    expect(collectionProblems(collection)).toEqual([]);
    for (const item of requests) expect(item.request.url.getHost()).toBe('{{baseUrl}}');
  });

  it('fails a collection that lacks an operation or a header (fixture)', () => {
    const broken = structuredClone(collectionJson);
    const folder = broken.item.find((entry: { name: string }) => entry.name === 'Customer');
    const removed = folder.item.shift();
    const create = folder.item.find((entry: { name: string }) => entry.name === 'Create a customer');
    create.request.header = create.request.header.filter(
      (header: { key: string }) => header.key !== 'Idempotency-Key',
    );
    expect(collectionProblems(new Collection(broken))).toEqual([
      `listCustomers: 0 requests for GET /customers`,
      'createCustomer: Idempotency-Key is undefined',
    ]);
    expect(removed.name).toBe('List customers');
  });

  it('starts with the token request, which stores the token for the others', () => {
    const [first] = requests;
    const token = model.operations.find(
      (operation) => Array.isArray(operation.security) && !operation.security.length,
    )!;
    expect(first.name).toBe(token.summary);
    expect(first.request.auth?.type).toBe('noauth');
    const form = Object.fromEntries(
      first.request.body!.urlencoded.all().map((field) => [field.key, field.value]),
    );
    expect(form).toMatchObject({ client_id: '{{clientId}}', client_secret: '{{clientSecret}}' });
    const script = first.events.find((event) => event.listen === 'test')!.script.exec!.join('\n');
    expect(script).toContain("pm.collectionVariables.set('token', body.access_token)");
    // Every other request inherits the collection's bearer token.
    expect(requests.slice(1).every((item) => !item.request.auth)).toBe(true);
  });

  it('is the same in every build: ids come from the operations', async () => {
    expect(collectionJson.info._postman_id).toBe(stableId(`${model.title} ${model.version ?? ''}`));
    const ids = requests.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    // Nothing made up: no random values where the specification gives no example.
    const hosts = [...files.get(DOWNLOADS.postman.file)!.matchAll(/https?:\/\/([^/"\\]+)/g)].map(
      (match) => match[1],
    );
    expect(hosts.filter((host) => !/(^|\.)example\.(com|net)$|^schema\.getpostman\.com$/.test(host))).toEqual(
      [],
    );
  });
});

describe('the plugin', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-kit-build-'));
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('writes every download into the build, SKILL.md with links to the site', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      const context = {
        siteDir: ROOT,
        siteConfig: { url: 'https://docs.example.com', baseUrl: '/' },
      } as unknown as LoadContext;
      const plugin = apiKitPlugin(context, { spec: SPEC });
      await plugin.loadContent?.();
      const customers = path.join(ROOT, 'docs/concepts/customers.md');
      const allContent = {
        'docusaurus-plugin-content-docs': {
          default: {
            loadedVersions: [
              {
                docs: [{ source: '@site/docs/concepts/customers.md', permalink: '/docs/concepts/customers' }],
              },
            ],
          },
        },
      };
      expect(fs.existsSync(customers)).toBe(true);
      await plugin.allContentLoaded?.({ allContent, actions: {} } as never);
      await plugin.postBuild?.({ outDir } as never);
    } finally {
      vi.unstubAllEnvs();
    }
    for (const download of DOWNLOAD_LIST)
      expect(fs.existsSync(path.join(outDir, download.file)), download.file).toBe(true);
    const skill = fs.readFileSync(path.join(outDir, 'SKILL.md'), 'utf8');
    expect(skill).toContain('(https://docs.example.com/docs/concepts/customers#lifecycle)');
    expect(fs.readFileSync(path.join(outDir, DOWNLOADS.openapiJson.file), 'utf8')).toBe(
      files.get(DOWNLOADS.openapiJson.file),
    );
  });
});
