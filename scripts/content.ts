import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { GENERATED_DIR } from '../plugins/api-reference';
import { CORTEX_DIR } from '../plugins/api-reference/cortex/load';
import { frontMatterBlock, parseTree } from '../plugins/content-model/parse';
import { textOf, type MdNode } from '../plugins/content-model/fromTree';

export type FrontMatter = {
  id?: string;
  title?: string;
  description?: string;
  slug?: string;
  tags?: unknown;
  [key: string]: unknown;
};

export type DocFile = {
  /** Path relative to the repository, e.g. `docs/kb/kb00001.md`. */
  file: string;
  frontMatter: FrontMatter;
  body: string;
  /** The URL path Docusaurus gives the page. */
  route: string;
};

export function listMarkdown(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => path.join(dir, file))
    .sort();
}

/** Folders `npm run gen:api` writes: true to the specification by construction, checked by its tests. */
export const GENERATED_DIRS = [GENERATED_DIR, CORTEX_DIR];

/**
 * The hand-written pages of both docs instances (relative to `root`), which the content checks read;
 * the same list whether or not the generated pages exist yet.
 */
export function listGuides(root: string): string[] {
  return ['docs', 'api-docs']
    .flatMap((dir) => listMarkdown(path.join(root, dir)))
    .map((file) => path.relative(root, file))
    .filter((file) => !GENERATED_DIRS.some((dir) => file.startsWith(`${dir}/`)));
}

/**
 * Splits a Markdown file into its front matter (the block the site's parser reads as front matter) and
 * body; a malformed block names the file.
 */
export function parseMarkdown(file: string, source: string): { frontMatter: FrontMatter; body: string } {
  const block = frontMatterBlock(source);
  if (!block) return { frontMatter: {}, body: source };
  let data: unknown;
  try {
    data = yaml.load(block.yaml);
  } catch (error) {
    throw new Error(`${file}: front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) {
    throw new Error(`${file}: front matter must be a YAML mapping of keys to values`);
  }
  // The body starts on the line after the closing `---`.
  return { frontMatter: (data ?? {}) as FrontMatter, body: source.slice(block.end).replace(/^\r?\n/, '') };
}

/** The route Docusaurus derives: an explicit slug, else the folder path plus the file name. */
export function routeFor(relativeFile: string, frontMatter: FrontMatter, routeBase = '/docs'): string {
  const dir = path.posix.dirname(relativeFile.split(path.sep).join('/'));
  const name = path.posix.basename(relativeFile, path.posix.extname(relativeFile));
  const folder = dir === '.' ? '' : dir;
  let slug: string;
  if (typeof frontMatter.slug === 'string') {
    slug = frontMatter.slug.startsWith('/') ? frontMatter.slug : `${folder}/${frontMatter.slug}`;
  } else if (['index', 'README'].includes(name) || name === path.posix.basename(folder)) {
    slug = folder;
  } else {
    slug = `${folder}/${name}`;
  }
  const clean = slug.replace(/^\/+|\/+$/g, '');
  return clean ? `${routeBase}/${clean}` : routeBase;
}

export function readDocs(dir: string, routeBase = '/docs'): DocFile[] {
  return listMarkdown(dir).map((file) => {
    const { frontMatter, body } = parseMarkdown(file, fs.readFileSync(file, 'utf8'));
    return { file, frontMatter, body, route: routeFor(path.relative(dir, file), frontMatter, routeBase) };
  });
}

/** What the content checks read of a page body, from the site's Markdown parser (plugins/content-model). */
export type PageFacts = {
  /** Words of prose: code blocks left out, inline code one word each, link targets not counted. */
  words: number;
  /** The prose text, code blocks left out. */
  text: string;
  /** Top-level (`# `) headings in the body. */
  titles: number;
  /** Code blocks without a language. */
  unlabelledCode: number;
  /** Every link target the body writes, in order. */
  links: string[];
  /** Each table cell's text, its links' text left out (but a link that reads only "Step 2"). */
  tableCells: string[];
};

export function pageFacts(file: string, body: string): PageFacts {
  const facts: PageFacts = { words: 0, text: '', titles: 0, unlabelledCode: 0, links: [], tableCells: [] };
  // A link says what it points to, unless its text is only a step's number ("Step 2").
  const unlinked = (node: MdNode): string =>
    node.type === 'link'
      ? /^steps? \d+$/i.test(textOf(node).trim())
        ? textOf(node)
        : ''
      : node.children
        ? node.children.map(unlinked).join('')
        : textOf(node);
  const parts: string[] = [];
  const visit = (node: MdNode) => {
    if (node.type === 'code') {
      if (!node.lang) facts.unlabelledCode++;
      return;
    }
    if (node.type === 'heading' && node.depth === 1) facts.titles++;
    if (node.type === 'link' && node.url) facts.links.push(node.url);
    if (node.type === 'tableCell') facts.tableCells.push(unlinked(node).trim());
    if (node.type === 'inlineCode') {
      facts.words++;
      parts.push(node.value ?? '');
      return;
    }
    if (node.type === 'text') {
      const value = node.value ?? '';
      facts.words += value.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
      parts.push(value);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(parseTree(file, body));
  facts.text = parts.join(' ').replace(/\s+/g, ' ');
  return facts;
}

export type TagDefinition = { label: string; permalink: string; description?: string };

export function readTags(file: string): Record<string, TagDefinition> {
  return yaml.load(fs.readFileSync(file, 'utf8')) as Record<string, TagDefinition>;
}
