/**
 * What the build gives API consumers beside the reference (plugins/api-kit): the specification as
 * written and in OpenAPI 3, the Postman collection and SKILL.md, served under stable URLs, linked from
 * the pages and llms.txt, listed in content.json and served by the MCP server; the API changelog page.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import yaml from 'js-yaml';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { apiModel, DEFAULT_SPEC } from '@services-manager-docs/core/api';
import { CONTENT_FILE, type ContentFile } from '@services-manager-docs/core/content/build';
import { startServer, type RunningServer } from '../scripts/server';
import { DOWNLOAD_LIST, DOWNLOADS } from '../plugins/api-kit/downloads';
import { CHANGELOG_PAGE_ID } from '../plugins/api-kit/changelog-page';
import { createServer } from '../mcp/server';
import { readDownloads } from '../mcp/site';
import { loadSite } from '../mcp/site';
import { BUILD_DIR, ROOT } from './harness';

const content = JSON.parse(fs.readFileSync(path.join(BUILD_DIR, CONTENT_FILE), 'utf8')) as ContentFile;
const base = content.baseUrl;
const built = (file: string) => path.join(BUILD_DIR, file);
const read = (file: string) => fs.readFileSync(built(file), 'utf8');

let server: RunningServer;
before(async () => {
  server = await startServer({ root: BUILD_DIR, baseUrl: base });
});
after(() => server?.close());
const get = (sitePath: string) => fetch(`${server.url}${sitePath}`);

describe('the specification downloads', () => {
  it('are served under their stable URLs, with precompressed copies like every file', async () => {
    for (const download of DOWNLOAD_LIST) {
      const response = await get(`${base}${download.file}`);
      assert.equal(response.status, 200, download.file);
      assert.equal(await response.text(), read(download.file), download.file);
    }
    for (const download of [DOWNLOADS.openapiJson, DOWNLOADS.postman, DOWNLOADS.skill])
      assert.ok(fs.existsSync(built(`${download.file}.br`)), `${download.file}.br`);
  });

  it('hold the specification as written and converted to OpenAPI 3.0 with every operation', async () => {
    assert.equal(read(DOWNLOADS.spec.file), fs.readFileSync(path.join(ROOT, DEFAULT_SPEC), 'utf8'));
    const model = await apiModel({ kind: 'file', location: DEFAULT_SPEC }, { cwd: ROOT });
    const openapi = JSON.parse(read(DOWNLOADS.openapiJson.file)) as { openapi: string; paths: object };
    assert.match(openapi.openapi, /^3\.0\./);
    assert.deepEqual(yaml.load(read(DOWNLOADS.openapiYaml.file)), openapi);
    const operations = Object.values(openapi.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>)
        .map((operation) => operation.operationId)
        .filter(Boolean),
    );
    assert.deepEqual(operations.sort(), model.operations.map((operation) => operation.operationId).sort());
  });

  it('include a Postman collection that starts with the token request', () => {
    const collection = JSON.parse(read(DOWNLOADS.postman.file)) as {
      info: { schema: string };
      item: { name: string; item?: { name: string; request: { auth?: { type: string } } }[] }[];
      variable: { key: string }[];
    };
    assert.match(collection.info.schema, /collection\/v2\.1\.0/);
    assert.deepEqual(collection.variable.map((variable) => variable.key).slice(0, 2), ['baseUrl', 'token']);
    const first = collection.item[0].item![0];
    assert.equal(first.name, 'Request an access token');
    assert.equal(first.request.auth?.type, 'noauth');
  });

  it('include SKILL.md, whose every link to the site leads to a page and anchor it has', async () => {
    const skill = read(DOWNLOADS.skill.file);
    assert.match(skill, /^---\nname: services-manager\ndescription: /);
    assert.ok(skill.includes(`${content.origin}${base}docs/developer/api/reference/list-customers)`));
    const broken: string[] = [];
    for (const [, link] of skill.matchAll(/\]\((https?:[^)\s]+)\)/g)) {
      if (!link.startsWith(`${content.origin}${base}`)) continue;
      const [where, anchor] = link.slice(content.origin.length).split('#');
      const response = await get(where);
      if (response.status !== 200) broken.push(`${link}: HTTP ${response.status}`);
      else if (anchor && !new RegExp(`id="?${anchor}["\\s>]`).test(await response.text()))
        broken.push(`${link}: no anchor`);
    }
    assert.deepEqual(broken, []);
  });
});

describe('the links to the downloads', () => {
  // The minified HTML leaves attribute values unquoted where it can.
  const hrefs = (html: string) =>
    [...html.matchAll(/href=(?:"([^"]+)"|([^\s">]+))/g)].map((match) => match[1] ?? match[2]);

  it('are on REST conventions, every operation page and the walk-through', () => {
    const rest = hrefs(read('docs/developer/api/rest/index.html'));
    for (const download of [DOWNLOADS.spec, DOWNLOADS.openapiJson, DOWNLOADS.openapiYaml, DOWNLOADS.postman])
      assert.ok(rest.includes(`${base}${download.file}`), `REST conventions lack ${download.file}`);
    assert.ok(rest.includes(`${base}docs/developer/api/reference/${CHANGELOG_PAGE_ID}`));
    const operation = hrefs(read('docs/developer/api/reference/list-customers/index.html'));
    assert.ok(operation.includes(`${base}${DOWNLOADS.spec.file}`));
    assert.ok(operation.includes(`${base}${DOWNLOADS.postman.file}`));
    const walkthrough = hrefs(read('docs/developer/api/rest-walkthrough/index.html'));
    assert.ok(walkthrough.includes(`${base}${DOWNLOADS.postman.file}`));
  });

  it('are in llms.txt, SKILL.md first, and in content.json for the MCP server', () => {
    const llms = read('llms.txt');
    const section = llms.slice(llms.indexOf('## For agents and API clients'));
    const links = [...section.slice(0, section.indexOf('\n\n## ')).matchAll(/\]\(([^)]+)\)/g)].map(
      (m) => m[1],
    );
    assert.deepEqual(links, [
      `${content.origin}${base}SKILL.md`,
      ...DOWNLOAD_LIST.filter((download) => download.id !== 'skill').map(
        (download) => `${content.origin}${base}${download.file}`,
      ),
    ]);
    assert.deepEqual(
      content.downloads?.map((download) => download.path),
      DOWNLOAD_LIST.map((download) => `${base}${download.file}`),
    );
  });
});

describe('the API changelog page', () => {
  it('is built under the API docs, in their sidebar, with each release', () => {
    const html = read(`docs/developer/api/reference/${CHANGELOG_PAGE_ID}/index.html`);
    assert.match(html, /<h1[^>]*>API changelog<\/h1>/);
    assert.match(html, /id="?release-1-0-1["\s>]/);
    assert.match(
      read('docs/developer/api/rest/index.html'),
      /class="?menu__link[^>]*>(<span[^>]*>)?API changelog</,
    );
  });
});

describe('the MCP server', () => {
  it('serves the downloads as resources', async () => {
    // loadSite reads content.json's downloads, as the server does when it starts.
    const site = await loadSite({ buildDir: BUILD_DIR, origin: content.origin });
    assert.deepEqual(site.downloads, readDownloads(BUILD_DIR, content));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createServer(site, '0.0.0').connect(serverSide);
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const { resources } = await client.listResources();
      for (const download of DOWNLOAD_LIST)
        assert.ok(
          resources.some((resource) => resource.uri === `docs:/${base}${download.file}`),
          `no resource for ${download.file}`,
        );
      const { contents } = await client.readResource({ uri: `docs:/${base}${DOWNLOADS.openapiJson.file}` });
      assert.equal((contents[0] as { text: string }).text, read(DOWNLOADS.openapiJson.file));
    } finally {
      await client.close();
    }
  });
});
