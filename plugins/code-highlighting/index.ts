import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Keeps syntax highlighting out of the JavaScript every page loads. The classic theme registers Prism
 * languages from a client module, which puts Prism in the main bundle even on pages without code; this
 * plugin replaces that module with an empty one, and `src/theme/CodeBlock` registers the languages with
 * the code block instead, so Prism arrives with the first code block.
 */
export default function codeHighlightingPlugin(): Plugin {
  const themeClassic = path.dirname(require.resolve('@docusaurus/theme-classic/package.json'));
  return {
    name: 'services-manager-code-highlighting',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            [`${path.join(themeClassic, 'lib', 'prism-include-languages')}$`]: path.join(
              __dirname,
              'noop.ts',
            ),
          },
        },
      };
    },
  };
}
