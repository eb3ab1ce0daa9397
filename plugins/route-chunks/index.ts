import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { patchManifestFile } from './manifest';

const NAME = 'services-manager-route-chunks';

/**
 * Puts each page's own chunks in its HTML next to the main bundle, so they download in parallel with
 * it instead of after it has run. Docusaurus already renders the scripts the client manifest lists for
 * a page's modules; this plugin makes the manifest find them (see ./manifest.ts) once the client bundle
 * is written and before the pages are rendered. How the page template loads them: ./template.ts.
 */
export default function routeChunksPlugin(context: LoadContext): Plugin {
  const manifestPath = path.join(context.generatedFilesDir, 'client-manifest.json');
  const registryPath = path.join(context.generatedFilesDir, 'registry.js');
  return {
    name: NAME,
    configureWebpack(_config, isServer) {
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      return {
        plugins: [
          {
            apply(compiler: { hooks: { afterEmit: { tap: (name: string, run: () => void) => void } } }) {
              compiler.hooks.afterEmit.tap(NAME, () => patchManifestFile(manifestPath, registryPath));
            },
          },
        ],
      };
    },
  };
}
