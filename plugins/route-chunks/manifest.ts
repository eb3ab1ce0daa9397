import fs from 'node:fs';

/** The part of react-loadable-ssr-addon's client manifest that maps what a page renders to chunks. */
export type ClientManifest = { entrypoints: string[]; origins: Record<string, unknown[]>; assets: unknown };

/**
 * The module each route chunk loads, by chunk name, read from the registry Docusaurus generates:
 * `"<chunk>": [() => import(/* webpackChunkName: "<chunk>" *\/ "<module>"), "<module>", …]`.
 */
export function registryModules(registrySource: string): Map<string, string> {
  const entries = [...registrySource.matchAll(/^\s*"([^"]+)":\s*\[\(\)\s*=>\s*import\([^)]*?"([^"]+)"\)/gm)];
  return new Map(entries.map(([, chunk, module]) => [chunk, module]));
}

/**
 * Gives each route module the chunks of its chunk name in the manifest. Server rendering reports the
 * modules a page rendered by module path, while the manifest knows them by chunk name, so without
 * this every page's HTML names only the main bundle and the browser finds the page's own chunks only
 * after that bundle has run: one more round trip before the page is interactive.
 */
export function addModuleOrigins(manifest: ClientManifest, modules: Map<string, string>): number {
  let added = 0;
  for (const [chunk, module] of modules) {
    const origin = manifest.origins[chunk];
    if (!origin || manifest.origins[module]) continue;
    manifest.origins[module] = origin;
    added += 1;
  }
  return added;
}

/** Rewrites the manifest file in place; fails loudly if the registry format is not understood. */
export function patchManifestFile(manifestPath: string, registryPath: string): number {
  const modules = registryModules(fs.readFileSync(registryPath, 'utf8'));
  if (modules.size === 0)
    throw new Error(
      `${registryPath}: no route chunks found; the registry format changed, update plugins/route-chunks/manifest.ts`,
    );
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ClientManifest;
  const added = addModuleOrigins(manifest, modules);
  fs.writeFileSync(manifestPath, JSON.stringify(manifest));
  return added;
}
