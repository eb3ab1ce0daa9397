import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Keeps syntax highlighting small and out of the JavaScript every page loads. The classic theme
 * registers Prism languages from a client module, which puts Prism in the main bundle even on pages
 * without code; this plugin replaces that module with an empty one. It also gives the code block a
 * Prism with only the languages the docs use (./highlight, in place of `prism-react-renderer`, whose
 * build evaluates some forty grammars), which arrives with the first page that has code.
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
            'prism-react-renderer$': path.join(__dirname, 'highlight.ts'),
          },
        },
      };
    },
  };
}
