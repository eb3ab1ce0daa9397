import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Keeps tslib out of every page. `@docusaurus/utils-common` is CommonJS and its index requires `tslib`
 * for one helper; a CommonJS `require` of tslib's ES module keeps the whole module, so every page
 * downloaded all of tslib (10 KB, 3 KB gzip) for `__importDefault`. In the site's bundles the package
 * name resolves to ./entry, the same functions from the package's own files.
 */
export default function utilsCommonEntryPlugin(): Plugin {
  return {
    name: 'services-manager-utils-common-entry',
    configureWebpack() {
      return { resolve: { alias: { '@docusaurus/utils-common$': path.join(__dirname, 'entry.ts') } } };
    },
  };
}
