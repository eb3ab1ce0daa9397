/**
 * Every page as an MCP resource, `docs://docs/kb/kb00017`, titled, in Markdown; and the files the build
 * publishes for API clients and assistants (content.json's `downloads`: the specification as written and
 * in OpenAPI 3, the Postman collection, SKILL.md) at their site paths, `docs://openapi/openapi.json`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CONTENT_FILE, type ContentFile } from '@services-manager-docs/core/content/build';
import type { Site } from './site';

export const resourceUri = (sitePath: string) => `docs:/${sitePath}`;

/** A file of the build served as a resource, its text read when the server starts. */
export type Download = {
  uri: string;
  /** The file's name, unique among the downloads: `openapi.json`. */
  name: string;
  title: string;
  description: string;
  mimeType: string;
  text: string;
};

/**
 * The downloads content.json lists, read from the build. A listed file outside the build or missing
 * throws naming it and the command to run.
 */
export function readDownloads(
  buildDir: string,
  content: Pick<ContentFile, 'baseUrl' | 'downloads'>,
): Download[] {
  const root = path.resolve(buildDir);
  return (content.downloads ?? []).map((entry) => {
    const file = path.resolve(root, ...entry.path.slice(content.baseUrl.length).split('/'));
    if (!file.startsWith(root + path.sep))
      throw new Error(`${CONTENT_FILE}: the download ${entry.path} is outside the build.`);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      throw new Error(`${file}: ${entry.title} is missing from the build; run "npm run build" again.`);
    }
    return {
      uri: resourceUri(entry.path),
      name: path.basename(entry.path),
      title: entry.title,
      description: entry.description,
      mimeType: entry.mimeType,
      text,
    };
  });
}

export function registerResources(server: McpServer, site: Site & { downloads?: Download[] }): void {
  server.registerResource(
    'page',
    new ResourceTemplate('docs://{+path}', {
      list: () => ({
        resources: [...site.pages.values()].map((page) => ({
          uri: resourceUri(page.path),
          name: page.title,
          title: page.title,
          description: page.description,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    {
      title: 'Documentation page',
      description: 'A page of the Services Manager documentation as Markdown.',
      mimeType: 'text/markdown',
    },
    (uri) => {
      const page = site.find(uri.href);
      if (!page) throw new Error(`No documentation page at ${uri.href}.`);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: page.markdown }] };
    },
  );
  // Read by exact URI before the page template is tried.
  for (const download of site.downloads ?? [])
    server.registerResource(
      download.name,
      download.uri,
      { title: download.title, description: download.description, mimeType: download.mimeType },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: download.mimeType, text: download.text }] }),
    );
}
