/**
 * What the code highlighting reaches for inside Docusaurus (see ../index.ts and ../remark.ts), checked
 * against the installed packages so that an upgrade that moves any of it fails here, naming what moved:
 * - the classic theme's Prism client module, which ../index.ts replaces by its path;
 * - what the theme imports from `prism-react-renderer`, which ../index.ts points at ../highlight.ts;
 * - the `mdxjsEsm` import nodes ../remark.ts adds to pages, which Docusaurus's MDX compiler must turn
 *   into imports in both formats the site uses (`.md` pages pass them through rehype-raw).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import codeHighlightingPlugin from '..';
import * as highlight from '../highlight';
import remarkCodeBlockImport, { BUILT_TOKENS, BUILT_TOKENS_MODULE, REGISTER_MODULE } from '../remark';

const SITE_DIR = path.resolve(__dirname, '../../..');
const THEME_CLASSIC = path.dirname(require.resolve('@docusaurus/theme-classic/package.json'));
const coreRequire = createRequire(require.resolve('@docusaurus/core/package.json'));

/** The resolve aliases the plugin gives the bundler. */
function aliases(): Record<string, string> {
  const plugin = codeHighlightingPlugin();
  const configure = plugin.configureWebpack as unknown as () => {
    resolve: { alias: Record<string, string> };
  };
  return configure().resolve.alias;
}

/** Every `.js` file under a folder. */
function jsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(dir, file));
}

describe('the theme’s Prism client module, replaced by an empty one', () => {
  it('is still a client module of the classic theme, at the path the alias names', async () => {
    const { default: themeClassic } = await import('@docusaurus/theme-classic');
    // The parts of the context and options the theme reads to list its client modules.
    const context = {
      siteDir: SITE_DIR,
      i18n: { currentLocale: 'en', localeConfigs: { en: { direction: 'ltr' } } },
      siteConfig: { themeConfig: { prism: { additionalLanguages: [] }, colorMode: {} } },
    };
    const theme = themeClassic(context as never, { customCss: [] } as never);
    const modules = theme.getClientModules!().map((module) => path.resolve(THEME_CLASSIC, 'lib', module));
    const replaced = Object.keys(aliases()).find((key) => key.includes('prism-include-languages'));
    expect(replaced, 'the plugin no longer aliases the Prism client module').toBeDefined();
    const target = replaced!.replace(/\$$/, '');
    expect(modules, 'the theme no longer loads this client module: drop the alias and noop.ts').toContain(
      target,
    );
    expect(fs.existsSync(`${target}.js`), `${target}.js`).toBe(true);
    expect(fs.readFileSync(`${target}.js`, 'utf8')).toMatch(/from 'prism-react-renderer'/);
  });
});

describe('prism-react-renderer, aliased to ../highlight.ts', () => {
  it('is aliased as the whole package only', () => {
    const target = aliases()['prism-react-renderer$'];
    expect(target).toBe(path.join(__dirname, '..', 'highlight.ts'));
  });

  it('offers every value the framework’s browser code imports from the package', () => {
    const client = path.join(THEME_CLASSIC, 'lib', 'prism-include-languages.js');
    const importers = ['theme-classic', 'theme-common', 'core']
      .flatMap((name) => jsFiles(path.join(SITE_DIR, 'node_modules', '@docusaurus', name, 'lib')))
      // The replaced client module never reaches a bundle (see above).
      .filter((file) => file !== client);
    const missing: string[] = [];
    let imports = 0;
    for (const file of importers) {
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(
        /^import\s+(?!type\b)([^;]*?)\s+from\s+'prism-react-renderer';/gm,
      )) {
        imports++;
        const named = /\{([^}]*)\}/.exec(match[1])?.[1].split(',') ?? [];
        const names = named
          .map((part) => part.trim())
          .filter((part) => part && !part.startsWith('type '))
          .map((part) => part.split(/\s+as\s+/)[0]);
        if (/^\s*\w+\s*(,|$)/.test(match[1]) || match[1].includes('*')) names.push('default');
        for (const name of names)
          if (!(name in highlight)) missing.push(`${path.relative(SITE_DIR, file)}: ${name}`);
      }
    }
    expect(imports, 'no theme file imports prism-react-renderer any more: drop the alias').toBeGreaterThan(0);
    expect(missing, 'add these exports to plugins/code-highlighting/highlight.ts').toEqual([]);
  });
});

describe('the import nodes ../remark.ts adds to pages with code', () => {
  /** A page compiled by Docusaurus's own MDX processor, with the plugin among the remark plugins. */
  async function compile(format: 'md' | 'mdx', content: string): Promise<string> {
    const loaderRequire = createRequire(coreRequire.resolve('@docusaurus/mdx-loader'));
    const { createProcessorUncached } = loaderRequire('./processor.js');
    const { DEFAULT_MARKDOWN_CONFIG } = coreRequire('./lib/server/configValidation.js');
    const processor = await createProcessorUncached({
      format,
      options: {
        siteDir: SITE_DIR,
        staticDirs: [],
        admonitions: true,
        markdownConfig: { ...DEFAULT_MARKDOWN_CONFIG, format },
        remarkPlugins: [remarkCodeBlockImport],
      },
    });
    const result = await processor.process({
      content,
      filePath: path.join(SITE_DIR, 'docs', `page.${format}`),
      frontMatter: {},
      compilerName: 'client',
    });
    return result.content as string;
  }

  it.each(['md', 'mdx'] as const)(
    'become imports of the code block and its tokens in .%s pages',
    async (format) => {
      const output = await compile(format, 'Run this:\n\n```powershell\nGet-Item $x\n```\n');
      expect(output).toContain(`import '${REGISTER_MODULE}';`);
      expect(output).toContain(`import ${BUILT_TOKENS} from '${BUILT_TOKENS_MODULE}';`);
      expect(output).toMatch(new RegExp(`_jsx\\(${BUILT_TOKENS}, \\{\\s*value: "`));
    },
  );

  it('leave pages without code blocks without those imports', async () => {
    const output = await compile('md', 'Only `inline` code.\n');
    expect(output).not.toContain(REGISTER_MODULE);
  });
});
