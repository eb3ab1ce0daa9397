/**
 * The site's own search, in Node: the local provider reading the index files of a production build from
 * disk instead of over HTTP. Services that answer from the documentation (the Ask AI proxy, the MCP
 * server) use this so they rank exactly as the site's search does. Never imported by browser code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createLocalProvider } from './local';
import type { SearchProvider } from './types';

/** The folder of the build's search index (`build/search/<hash>/`), or an error naming what to run. */
export function findIndexDir(buildDir: string): string {
  const root = path.join(buildDir, 'search');
  const dirs = fs.existsSync(root)
    ? fs.readdirSync(root).filter((name) => fs.existsSync(path.join(root, name, 'base.json')))
    : [];
  if (dirs.length !== 1)
    throw new Error(
      dirs.length
        ? `${root} holds ${dirs.length} search indexes; run "npm run build" again for a clean build.`
        : `No search index in ${buildDir}: run "npm run build" first.`,
    );
  return path.join(root, dirs[0]);
}

/** A search provider over the index of the build in `buildDir`. */
export function searchBuild(buildDir: string): SearchProvider {
  const dir = findIndexDir(buildDir);
  return createLocalProvider('', {
    fetcher: async (file) => {
      // Only the index's own relative file names (base.json, shards/a.json, texts/3.json) are read.
      if (!/^[a-z0-9_]+(\/[a-z0-9_]+)?\.json$/i.test(file)) return new Response(null, { status: 404 });
      try {
        return new Response(await fs.promises.readFile(path.join(dir, file)), {
          headers: { 'content-type': 'application/json' },
        });
      } catch {
        return new Response(null, { status: 404 });
      }
    },
  });
}
