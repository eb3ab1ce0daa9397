import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** The patch files `patch-package` applies to installed packages on `npm install`. */
export function patchFiles(patchesDir: string): string[] {
  if (!fs.existsSync(patchesDir)) return [];
  return fs
    .readdirSync(patchesDir)
    .filter((name) => name.endsWith('.patch'))
    .sort()
    .map((name) => path.join(patchesDir, name));
}

/**
 * Makes the bundler's persistent cache depend on the framework patches in `patches/`. The cache treats
 * `node_modules` as unchanging for a package version, so after a patch is added or changed a build would
 * reuse the modules it cached unpatched; listing the patches as build dependencies evicts it instead.
 */
export default function patchCachePlugin(context: LoadContext): Plugin {
  const files = patchFiles(path.join(context.siteDir, 'patches'));
  return {
    name: 'services-manager-patch-cache',
    configureWebpack(config) {
      if (files.length === 0) return {};
      // Rspack's persistent cache (`future.faster`) lives in experiments.cache; webpack's in cache.
      const experiments = config.experiments as { cache?: unknown } | undefined;
      if (typeof experiments?.cache === 'object')
        return { experiments: { cache: { buildDependencies: files } } };
      if (typeof config.cache === 'object')
        return { cache: { type: 'filesystem', buildDependencies: { patches: files } } };
      return {};
    },
  };
}
