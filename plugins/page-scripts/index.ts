import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { AFTER_PAINT_LOADER } from './template';

const NAME = 'services-manager-page-scripts';

/**
 * The part of the client manifest (written by react-loadable-ssr-addon-v5-slorber) that maps what a
 * page rendered to the chunks its HTML lists: `origins[key]` holds chunk ids, `assets[id]` their files.
 */
export type ClientManifest = { entrypoints: string[]; origins: Record<string, unknown[]>; assets: unknown };

type ChunkId = string | number;

/** What the bundler's stats say of chunks (`chunks`, `chunkOrigins`, `chunkGroups` and `ids`). */
export type ChunkStats = {
  chunks?: { names?: string[]; initial?: boolean; origins?: { request?: string }[] }[];
  namedChunkGroups?: Record<string, { chunks?: ChunkId[] }>;
};

/**
 * Each lazily imported module's request (`import(/* webpackChunkName: "…" *\/ "<request>")`) with the
 * chunks that import loads: the chunk group named after it, which holds the module's own chunk and the
 * shared chunks split out of it. Read from the bundler's own record of why each chunk exists; chunks
 * that only collect parts of many imports (the `styles` chunk) have no group of their name.
 */
export function chunksByRequest(stats: ChunkStats): Map<string, ChunkId[]> {
  const byRequest = new Map<string, ChunkId[]>();
  for (const chunk of stats.chunks ?? []) {
    if (chunk.initial) continue;
    for (const name of chunk.names ?? []) {
      const group = stats.namedChunkGroups?.[name]?.chunks;
      if (!group) continue;
      for (const origin of chunk.origins ?? []) if (origin.request) byRequest.set(origin.request, group);
    }
  }
  return byRequest;
}

/**
 * Lets the client manifest find a page's own chunks. Server rendering reports the modules a page
 * rendered by their import request (`@theme/DocItem`, `@site/docs/….md`), but with webpack 5 and Rspack
 * react-loadable-ssr-addon-v5 keys each chunk by its name only, so every page's HTML listed just the
 * main bundle and the browser found the page's chunks only after that bundle had run: one more round
 * trip before the page could hydrate. Adds each request as a key for its chunks; returns how many.
 */
export function addRequestOrigins(manifest: ClientManifest, byRequest: Map<string, ChunkId[]>): number {
  let added = 0;
  for (const [request, chunks] of byRequest) {
    if (manifest.origins[request]) continue;
    manifest.origins[request] = chunks;
    added += 1;
  }
  return added;
}

type Compilation = { getStats(): { toJson(options: object): ChunkStats } };
type Compiler = {
  hooks: { afterEmit: { tap(name: string, run: (compilation: Compilation) => void): void } };
};

/**
 * How each page loads its scripts. Its HTML lists the page's own chunks beside the main bundle, so they
 * download in parallel with it (the client manifest is completed once the client bundle is written and
 * before any page is rendered), and the page template (./template.ts, the site's `ssrTemplate`) has them
 * evaluated after the first paint by AFTER_PAINT_LOADER, which this plugin puts in every page's head.
 */
export default function pageChunksPlugin(context: LoadContext): Plugin {
  const manifestPath = path.join(context.generatedFilesDir, 'client-manifest.json');
  return {
    name: NAME,
    injectHtmlTags() {
      return { headTags: [{ tagName: 'script', innerHTML: AFTER_PAINT_LOADER }] };
    },
    configureWebpack(_config, isServer) {
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      const plugin = {
        apply(compiler: Compiler) {
          compiler.hooks.afterEmit.tap(NAME, (compilation) => {
            const stats = compilation.getStats().toJson({
              all: false,
              ids: true,
              chunks: true,
              chunkOrigins: true,
              chunkGroups: true,
            });
            const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ClientManifest;
            if (addRequestOrigins(manifest, chunksByRequest(stats)) === 0)
              throw new Error(
                `${manifestPath}: no page chunk could be matched to the module that loads it; ` +
                  'check the bundler stats (chunk origins) still name each import request (plugins/page-scripts).',
              );
            fs.writeFileSync(manifestPath, JSON.stringify(manifest));
          });
        },
      };
      return { plugins: [plugin] };
    },
  };
}
