/**
 * parseDoc: one doc file through the site's remark pipeline (the parser extensions Docusaurus uses,
 * then the docs instance's own remark plugins, the very list docusaurus.config.ts gives the instance),
 * giving its content model: the tree those plugins leave, read by ./fromTree.ts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { unified, type PluggableList } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import { VFile } from 'vfile';
import {
  admonitionTitleToDirectiveLabel,
  escapeMarkdownHeadingIds,
  unwrapMdxCodeBlocks,
} from '@docusaurus/utils';
import { fromTree, type MdNode, type TreeOptions } from './fromTree';
import type { DocContent } from '@services-manager-docs/core/content/model';

/** Docusaurus's admonition keywords. */
const ADMONITION_KEYWORDS = [
  'secondary',
  'info',
  'success',
  'danger',
  'note',
  'tip',
  'warning',
  'important',
  'caution',
];

/** A docs instance's remark plugins, as its options in docusaurus.config.ts list them. */
export type RemarkPipeline = {
  beforeDefaultRemarkPlugins?: unknown[];
  remarkPlugins?: unknown[];
};

/** Docusaurus's preprocessing of a doc's text, with the same functions its mdx-loader uses: ```mdx-code-block
 * fences unwrapped, `{#id}` heading ids escaped, `:::note Title` written as `:::note[Title]`. */
const preprocess = (source: string) =>
  admonitionTitleToDirectiveLabel(escapeMarkdownHeadingIds(unwrapMdxCodeBlocks(source)), ADMONITION_KEYWORDS);

/** The parser extensions Docusaurus reads a doc with: `.mdx` files are MDX, `.md` files CommonMark. */
const syntax = (file: string): PluggableList => [
  ...(path.extname(file) === '.mdx' ? [remarkMdx] : []),
  remarkFrontmatter,
  remarkDirective,
  remarkGfm,
];

/** `file:line: message` for an error of a page's processing (the message alone when it names the file). */
function pageError(file: string, error: unknown): Error {
  const place = (error as { line?: number }).line;
  const message = (error as Error).message;
  const name = path.relative(process.cwd(), file);
  return new Error(
    message.includes(name) || message.includes(file)
      ? message
      : `${name}${place ? `:${place}` : ''}: ${message}`,
    { cause: error },
  );
}

/**
 * A doc's Markdown tree as Docusaurus parses it, before any transform, with the source positions the
 * content checks report lines from (they run before a build, on the hand-written pages).
 */
export function parseTree(file: string, source: string): MdNode {
  try {
    return unified()
      .use(remarkParse)
      .use(syntax(file))
      .parse(new VFile({ path: file, value: preprocess(source) })) as MdNode;
  } catch (error) {
    throw pageError(file, error);
  }
}

/**
 * A doc's front matter as the parser finds it (remark-frontmatter's `yaml` node, the block Docusaurus
 * reads): its YAML and the offset just after its closing `---`; undefined when the doc has none.
 */
export function frontMatterBlock(source: string): { yaml: string; end: number } | undefined {
  const first = (unified().use(remarkParse).use(remarkFrontmatter).parse(source) as MdNode).children?.[0];
  return first?.type === 'yaml'
    ? { yaml: first.value ?? '', end: first.position?.end.offset ?? 0 }
    : undefined;
}

/** Every node of a tree, depth first, in document order. */
export function* walk(node: MdNode): Generator<MdNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}

/**
 * The content model of one doc: Docusaurus's preprocessing and parser extensions, then the docs
 * instance's remark plugins, and the tree they leave as the model (so it holds the tables, links and
 * code the page shows). A file that does not parse or transform is an error naming the file and the
 * line.
 */
export async function parseDoc(
  file: string,
  pipeline: RemarkPipeline = {},
  options: TreeOptions & { source?: string } = {},
): Promise<DocContent> {
  const value = preprocess(options.source ?? (await fs.readFile(file, 'utf8')));
  const plugins = [
    ...syntax(file),
    ...(pipeline.beforeDefaultRemarkPlugins ?? []),
    ...(pipeline.remarkPlugins ?? []),
  ] as PluggableList;
  const processor = unified().use(remarkParse).use(plugins);
  const vfile = new VFile({ path: file, value });
  let tree: MdNode;
  try {
    tree = (await processor.run(processor.parse(vfile), vfile)) as MdNode;
  } catch (error) {
    throw pageError(file, error);
  }
  return fromTree(tree, { resolveLink: options.resolveLink });
}
