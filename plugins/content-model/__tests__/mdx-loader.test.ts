/**
 * ../parse.ts reads each doc with a copy of the mdx-loader's preprocessing (the same @docusaurus/utils
 * functions in the same order, with the MDX 1 compatibility steps on) and of its admonition keywords,
 * which the loader does not export. This holds the copy to the installed loader, and states how the
 * site's own configuration differs from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { unified, type PluggableList } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { validateOptions } from '@docusaurus/plugin-content-docs';
import { normalizePluginOptions } from '@docusaurus/utils-validation';
import config from '../../../docusaurus.config';
import { parseTree } from '../parse';
import { listGuides } from '../../../scripts/content';

const ROOT = path.resolve(__dirname, '../../..');
const coreRequire = createRequire(require.resolve('@docusaurus/core/package.json'));
const loaderRequire = createRequire(coreRequire.resolve('@docusaurus/mdx-loader'));

type MarkdownConfig = { preprocessor?: unknown; mdx1Compat: Record<string, boolean> };
const preprocessContent = loaderRequire('./preprocessor.js').default as (input: {
  fileContent: string;
  filePath: string;
  markdownConfig: MarkdownConfig;
  admonitions: unknown;
}) => string;
const { DefaultAdmonitionOptions } = loaderRequire('./remark/admonitions/index.js') as {
  DefaultAdmonitionOptions: { keywords: string[] };
};

/** The site's Markdown options as Docusaurus completes them. */
const siteMarkdown = coreRequire('./lib/server/configValidation.js').validateConfig(
  config,
  'docusaurus.config.ts',
).markdown as MarkdownConfig;
/** The loader's options ../parse.ts implements: the site's, with every MDX 1 compatibility step on. */
const MDX1 = { ...siteMarkdown, mdx1Compat: { comments: true, admonitions: true, headingIds: true } };

/** Each docs instance's admonition options as the docs plugin completes them. */
const instanceAdmonitions = (config.plugins ?? [])
  .filter((plugin): plugin is [string, Record<string, unknown>] => Array.isArray(plugin))
  .filter(([name]) => /guides-docs|plugin-content-docs/.test(name))
  .map(
    ([, options]) =>
      (validateOptions({ validate: normalizePluginOptions, options } as never) as { admonitions: unknown })
        .admonitions,
  );

/** The keywords ../parse.ts was written with; the loader's own list is in the fixture as well. */
const KNOWN_KEYWORDS = [
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

/** A doc with every construct the preprocessing rewrites, and some it must leave alone. */
const FIXTURE = [
  '---',
  'title: Fixture',
  '---',
  '',
  '## A heading with its own id {#custom-id}',
  '',
  ...[
    ...new Set([...KNOWN_KEYWORDS, ...DefaultAdmonitionOptions.keywords, 'details', 'unknownword']),
  ].flatMap((keyword) => [`:::${keyword} A legacy title`, '', `Inside ${keyword}.`, '', ':::', '']),
  ':::note[A label already]',
  '',
  'Text.',
  '',
  ':::',
  '',
  '```mdx-code-block',
  'Unwrapped content.',
  '```',
  '',
  '```bash',
  'echo "{#not-an-id}"',
  '```',
  '',
].join('\n');

/** A doc's tree when the mdx-loader's own preprocessing comes first, with the parser extensions of ../parse.ts. */
function loaderTree(file: string, source: string, markdownConfig: MarkdownConfig) {
  const value = preprocessContent({ fileContent: source, filePath: file, markdownConfig, admonitions: true });
  const syntax: PluggableList = [
    ...(path.extname(file) === '.mdx' ? [remarkMdx] : []),
    remarkFrontmatter,
    remarkDirective,
    remarkGfm,
  ];
  return unified()
    .use(remarkParse)
    .use(syntax)
    .parse(new VFile({ path: file, value }));
}

describe('parseTree: the mdx-loader’s preprocessing, copied', () => {
  it('is what the site configures apart from MDX 1 compatibility: no preprocessor, default keywords', () => {
    expect(siteMarkdown.preprocessor, 'parse.ts does not run markdown.preprocessor').toBeUndefined();
    expect(instanceAdmonitions.length, 'docs instances found in docusaurus.config.ts').toBe(2);
    for (const admonitions of instanceAdmonitions)
      expect(admonitions, 'parse.ts knows the default keywords only').toBe(true);
  });

  it.each(['fixture.md', 'fixture.mdx'])(
    'reads %s exactly as the loader’s preprocessing (MDX 1 compatibility on) leaves it',
    (name) => {
      const file = path.join(ROOT, 'docs', name);
      expect(parseTree(file, FIXTURE)).toEqual(loaderTree(file, FIXTURE, MDX1));
    },
  );

  /**
   * The site turns MDX 1 compatibility off (`future.v4`), so Docusaurus itself neither escapes `{#id}`
   * nor rewrites `:::note Title` as `:::note[Title]`, while ../parse.ts does both. On the docs as they
   * are, that changes nothing but columns: an escaped `\{` reads as `{` in CommonMark, and an `.mdx`
   * doc escapes its ids itself. A legacy admonition title would differ: the page shows it as text.
   */
  it('differs from the site’s own preprocessing on no doc but by the escaping of `{#id}` in .md headings', () => {
    expect(siteMarkdown.mdx1Compat).toEqual({ comments: false, admonitions: false, headingIds: false });
    const differing = listGuides(ROOT).filter((relative) => {
      const file = path.join(ROOT, relative);
      const fileContent = fs.readFileSync(file, 'utf8');
      const copied = preprocessContent({
        fileContent,
        filePath: file,
        markdownConfig: MDX1,
        admonitions: true,
      });
      const site = preprocessContent({
        fileContent,
        filePath: file,
        markdownConfig: siteMarkdown,
        admonitions: true,
      });
      const unescaped = file.endsWith('.md') ? copied.replace(/\\(\{#[^\s{}]+\})/g, '$1') : copied;
      return unescaped !== site;
    });
    expect(
      differing,
      'these docs read differently on the site and in the content model (a legacy `:::note Title`?)',
    ).toEqual([]);
  });
});
