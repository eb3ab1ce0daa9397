import type { Plugin } from '@docusaurus/types';
import { resolvePatches } from './patches';

/**
 * Keeps a first view's main-thread work (hydration, link prefetching) in short tasks by patching a
 * few framework modules as they are bundled (see ./patches.ts for each edit and its measured reason). The edits are exact text replacements,
 * checked when the build starts and again by the loader (strict mode), so a module that changed in a
 * Docusaurus upgrade stops the build instead of going unpatched.
 */
export default function frameworkPatchesPlugin(): Plugin {
  const patched = resolvePatches();
  return {
    name: 'services-manager-framework-patches',
    configureWebpack() {
      return {
        module: {
          rules: patched.map(({ file, patch }) => ({
            test: file,
            enforce: 'pre' as const,
            use: [
              {
                loader: require.resolve('string-replace-loader'),
                options: {
                  multiple: patch.edits.map(({ find, replace }) => ({ search: find, replace, strict: true })),
                },
              },
            ],
          })),
        },
      };
    },
  };
}
