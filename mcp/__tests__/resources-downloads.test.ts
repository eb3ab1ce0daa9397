/**
 * The build's downloads as MCP resources: the specification (as written and in OpenAPI 3), the Postman
 * collection and SKILL.md, listed in content.json and read from the build beside the pages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_FILE, type ContentFile } from '@services-manager-docs/core/content/build';
import { readDownloads } from '../site';
import { loadSite, type Site } from '../site';
import { connectClient, writeFixtureBuild } from './fixture';

const DOWNLOADS: NonNullable<ContentFile['downloads']> = [
  {
    path: '/openapi/openapi.json',
    title: 'REST API v2 specification (OpenAPI 3.0, JSON)',
    description: 'The specification converted to OpenAPI 3.0.',
    mimeType: 'application/json',
  },
  {
    path: '/openapi/services-manager-v2.yaml',
    title: 'REST API v2 specification (Swagger 2.0, YAML)',
    description: 'The specification as it is written.',
    mimeType: 'application/yaml',
  },
  {
    path: '/SKILL.md',
    title: 'Services Manager agent skill (SKILL.md)',
    description: 'What an AI assistant can do with Services Manager.',
    mimeType: 'text/markdown',
  },
];
const TEXTS: Record<string, string> = {
  '/openapi/openapi.json': '{"openapi":"3.0.0","info":{"title":"Services Manager REST API"},"paths":{}}\n',
  '/openapi/services-manager-v2.yaml': "swagger: '2.0'\n",
  '/SKILL.md': '---\nname: services-manager\n---\n\n# Services Manager REST API\n',
};

let dir: string;
let build: string;
let client: Client;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-downloads-'));
  build = writeFixtureBuild(path.join(dir, 'build'));
  for (const [file, text] of Object.entries(TEXTS)) {
    fs.mkdirSync(path.dirname(path.join(build, file)), { recursive: true });
    fs.writeFileSync(path.join(build, file), text);
  }
  const content = JSON.parse(fs.readFileSync(path.join(build, CONTENT_FILE), 'utf8')) as ContentFile;
  fs.writeFileSync(path.join(build, CONTENT_FILE), JSON.stringify({ ...content, downloads: DOWNLOADS }));
  // loadSite reads content.json's downloads, as the server does when it starts.
  const site: Site = await loadSite({ buildDir: build, origin: 'https://docs.example.com' });
  client = await connectClient(site);
});

afterAll(async () => {
  await client?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the downloads as resources', () => {
  it('are listed beside the pages with their titles and types', async () => {
    const { resources } = await client.listResources();
    for (const download of DOWNLOADS)
      expect(resources).toContainEqual(
        expect.objectContaining({
          uri: `docs:/${download.path}`,
          name: path.basename(download.path),
          title: download.title,
          mimeType: download.mimeType,
        }),
      );
    expect(resources).toContainEqual(expect.objectContaining({ uri: 'docs://docs/kb/kb00001' }));
  });

  it('read as the build holds them, while pages still read as pages', async () => {
    for (const download of DOWNLOADS) {
      const { contents } = await client.readResource({ uri: `docs:/${download.path}` });
      expect(contents).toEqual([
        { uri: `docs:/${download.path}`, mimeType: download.mimeType, text: TEXTS[download.path] },
      ]);
    }
    const { contents } = await client.readResource({ uri: 'docs://docs/concepts/customers' });
    expect((contents[0] as { text: string }).text).toContain('# Customers');
  });

  it('fail to load naming the file when the build lacks one or content.json points outside it', () => {
    expect(() =>
      readDownloads(build, { baseUrl: '/', downloads: [{ ...DOWNLOADS[0], path: '/openapi/missing.json' }] }),
    ).toThrow(
      /missing\.json: REST API v2 specification \(OpenAPI 3\.0, JSON\) is missing from the build; run "npm run build" again/,
    );
    expect(() =>
      readDownloads(build, { baseUrl: '/', downloads: [{ ...DOWNLOADS[0], path: '/../secrets.json' }] }),
    ).toThrow('content.json: the download /../secrets.json is outside the build.');
    expect(readDownloads(build, { baseUrl: '/' })).toEqual([]);
  });
});
