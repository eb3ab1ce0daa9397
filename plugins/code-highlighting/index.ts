import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Keeps syntax highlighting out of the JavaScript pages load. The classic theme registers Prism
 * languages from a client module, which puts Prism in the main bundle even on pages without code; this
 * plugin replaces that module with an empty one. The code block's `Highlight` (./highlight, in place of
 * `prism-react-renderer`) renders tokens made at build time (./remark), and fetches a Prism with only
 * the languages the docs use (./prism) for code that exists only in the browser.
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
