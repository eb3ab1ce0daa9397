/**
 * What a production build hands to the services that read it (the MCP server): the pages' content
 * models and the API's operations, in `content.json` at the site root, beside each page's Markdown twin.
 * The build writes it (plugins/markdown-export); the services read only this and the search index.
 */
import type { DocContent } from './model';

/** The Markdown twin of a page URL: `/docs/kb/kb00001` → `/docs/kb/kb00001.md`, `/docs/` → `/docs.md`. */
export function markdownPath(url: string): string {
  return `${url.replace(/\/$/, '') || '/index'}.md`;
}

/** The pages' content models and the API's operations in a build. */
export const CONTENT_FILE = 'content.json';

/** An operation of the REST API v2 as the build publishes it. */
export type BuildOperation = {
  operationId: string;
  /** Upper case: `GET`. */
  method: string;
  /** As the specification writes it, without the base path: `/customers/{customerId}/plans`. */
  path: string;
  summary: string;
  /** The Cortex cmdlet that wraps it, when the specification names one. */
  cmdlet?: string;
  /** The URL of its reference page on the site, base URL included. */
  url: string;
};

export type ContentFile = {
  /** The site URL and base URL the build was made for (the twins' links start with them). */
  origin: string;
  baseUrl: string;
  pages: {
    /** The page's URL on the site, base URL included. */
    url: string;
    title: string;
    description: string;
    tags: string[];
    /** The sidebar section, as search results name it. */
    section: string;
    /** The address of the page's Markdown twin. */
    twin: string;
    content: DocContent;
  }[];
  operations: BuildOperation[];
  /**
   * Files beside the pages for API clients and assistants: the specification as written and in OpenAPI 3,
   * the Postman collection and SKILL.md. `path` is the file's site path, base URL included.
   */
  downloads?: { path: string; title: string; description: string; mimeType: string }[];
};
