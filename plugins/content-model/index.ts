import path from 'node:path';
import type { AllContent, LoadContext } from '@docusaurus/types';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';
import { resolveMarkdownLinkPathname } from '@docusaurus/utils';
import { applyTrailingSlash } from '@docusaurus/utils-common';
import { parseDoc, type RemarkPipeline } from './parse';
import type { DocContent } from '@services-manager-docs/core/content/model';

export { frontMatterBlock, parseDoc, parseTree, walk, type RemarkPipeline } from './parse';
export * from '@services-manager-docs/core/content/model';

export type LoadedDoc = LoadedContent['loadedVersions'][number]['docs'][number];
export type LoadedVersion = LoadedContent['loadedVersions'][number];

/** A doc of a docs instance with its content model. */
export type ContentDoc = {
  pluginId: string;
  version: LoadedVersion;
  doc: LoadedDoc;
  /** The page's URL as the site serves it (trailing-slash setting applied). */
  url: string;
  /** The source file's absolute path. */
  file: string;
  content: DocContent;
};

/** Each docs instance's remark plugins by plugin id (`default`, `api`), as docusaurus.config.ts sets them. */
export type Pipelines = Record<string, RemarkPipeline>;

/**
 * The site URL a link written in `file` leads to: a `.md`/`.mdx` file as Docusaurus resolves it (its
 * permalink), a relative URL against the page's own, an anchor on the page; other URLs unchanged.
 */
export function linkResolver(
  file: string,
  pageUrl: string,
  context: { siteDir: string; sourceToPermalink: Map<string, string>; version: LoadedVersion },
): (target: string) => string {
  return (target) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return target.replace(/^pathname:\/\//, '');
    if (target.startsWith('//')) return target;
    const [pathPart, ...rest] = target.split('#');
    const hash = rest.length ? `#${rest.join('#')}` : '';
    if (/\.mdx?$/.test(pathPart)) {
      const permalink = resolveMarkdownLinkPathname(decodeURI(pathPart), {
        sourceFilePath: file,
        sourceToPermalink: context.sourceToPermalink,
        siteDir: context.siteDir,
        contentPaths: context.version,
      });
      if (permalink) return `${permalink}${hash}`;
    }
    const resolved = new URL(target, `https://site.invalid${pageUrl}`);
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  };
}

const loaded = new WeakMap<object, Promise<ContentDoc[]>>();

/**
 * Every doc of every docs instance (unlisted ones included) with its content model, parsed once per
 * content load: the search index and the Markdown twins both call this in allContentLoaded and get
 * the same result.
 */
export function contentDocs(
  context: LoadContext,
  allContent: AllContent,
  pipelines: Pipelines,
): Promise<ContentDoc[]> {
  let pending = loaded.get(allContent);
  if (!pending) {
    pending = loadAll(context, allContent, pipelines);
    loaded.set(allContent, pending);
  }
  return pending;
}

async function loadAll(
  context: LoadContext,
  allContent: AllContent,
  pipelines: Pipelines,
): Promise<ContentDoc[]> {
  const { siteDir, siteConfig } = context;
  const instances = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, LoadedContent>;
  const docs: ContentDoc[] = [];
  for (const [pluginId, content] of Object.entries(instances)) {
    const pipeline = pipelines[pluginId];
    if (!pipeline)
      throw new Error(`The content model has no remark plugins for the docs instance "${pluginId}".`);
    const sourceToPermalink = new Map(
      content.loadedVersions.flatMap((version) =>
        version.docs.map((doc) => [doc.source, doc.permalink] as const),
      ),
    );
    for (const version of content.loadedVersions) {
      const parsed = await Promise.all(
        version.docs.map(async (doc): Promise<ContentDoc> => {
          const file = path.resolve(doc.source.replace(/^@site\//, `${siteDir}/`));
          const url = applyTrailingSlash(doc.permalink, siteConfig);
          const resolveLink = linkResolver(file, doc.permalink, { siteDir, sourceToPermalink, version });
          const model = await parseDoc(file, pipeline, { resolveLink });
          return { pluginId, version, doc, url, file, content: model };
        }),
      );
      docs.push(...parsed);
    }
  }
  return docs;
}
