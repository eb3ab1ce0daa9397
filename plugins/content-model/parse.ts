/**
 * parseDoc: one doc file through the site's remark pipeline (the parser extensions Docusaurus uses,
 * then the docs instance's own remark plugins, the very list docusaurus.config.ts gives the instance,
 * then the recorder), giving its content model.
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
import remarkContentModel, { recordedContent, RESOLVE_KEY } from './remark';
import type { TreeOptions } from './fromTree';
import type { DocContent } from './model';

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

/**
 * The content model of one doc. `.mdx` files are MDX and `.md` files CommonMark (the site's
 * `markdown.format: 'detect'`); the text is preprocessed as Docusaurus does, and front matter,
 * directives (admonitions, `::product-model`) and GFM (tables, task lists) are read as Docusaurus reads them. A file that does not parse is an error naming
 * the file and the line.
 */
export async function parseDoc(
  file: string,
  pipeline: RemarkPipeline = {},
  options: TreeOptions & { source?: string } = {},
): Promise<DocContent> {
  // Docusaurus's own preprocessing of a doc's text (its mdx-loader does the same with these functions):
  // ```mdx-code-block fences unwrapped, `{#id}` heading ids escaped, `:::note Title` as `:::note[Title]`.
  const value = admonitionTitleToDirectiveLabel(
    escapeMarkdownHeadingIds(unwrapMdxCodeBlocks(options.source ?? (await fs.readFile(file, 'utf8')))),
    ADMONITION_KEYWORDS,
  );
  const plugins = [
    ...(path.extname(file) === '.mdx' ? [remarkMdx] : []),
    remarkFrontmatter,
    remarkDirective,
    remarkGfm,
    ...(pipeline.beforeDefaultRemarkPlugins ?? []),
    ...(pipeline.remarkPlugins ?? []),
  ] as PluggableList;
  // The instance's list ends with the recorder; a list without it (a test's) gets it here.
  const last = plugins.at(-1);
  if ((Array.isArray(last) ? last[0] : last) !== remarkContentModel) plugins.push(remarkContentModel);
  const processor = unified().use(remarkParse).use(plugins);
  const vfile = new VFile({ path: file, value, data: { [RESOLVE_KEY]: options.resolveLink } });
  try {
    await processor.run(processor.parse(vfile), vfile);
  } catch (error) {
    const place = (error as { line?: number }).line;
    const message = (error as Error).message;
    throw new Error(
      message.includes(path.relative(process.cwd(), file)) || message.includes(file)
        ? message
        : `${path.relative(process.cwd(), file)}${place ? `:${place}` : ''}: ${message}`,
      { cause: error },
    );
  }
  return recordedContent(vfile as unknown as { data: Record<string, unknown> })!;
}
