/**
 * The layers of the repository and which may import which: the shared core under everything, the two
 * services on the core alone, the plugins on the core, the site's sources on the core and the plugins'
 * client APIs. Every package a file imports is declared by the manifest its layer installs from, so a
 * service's production install (`npm ci --omit=dev --workspace X`) has everything its code needs.
 * `scripts/__tests__/layers.test.ts` runs the check over the repository and over failing fixtures.
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

export type LayerName = 'core' | 'ask-proxy' | 'mcp' | 'plugins' | 'src' | 'scripts' | 'tests' | 'root';

type Rule = {
  /** The layers its files may import (its own always). */
  may: LayerName[];
  /** The manifest whose dependencies its files may import, and which of its fields count. */
  manifest: string;
  fields: ('dependencies' | 'devDependencies' | 'peerDependencies')[];
  /** Files a layer may import although the layer is otherwise closed to it: a plugin's client API. */
  clientApis?: string[];
  /** Folders of the layers it may import that it may not, all the same. */
  closed?: string[];
};

/**
 * The API model reads the specification, which only the site's build does: its packages (the YAML
 * parser, the validator, the Swagger converter) are the site's, so a service's install leaves them out.
 */
const SITE_ONLY = 'core/api/';

export const RULES: Record<LayerName, Rule> = {
  core: { may: [], manifest: 'core/package.json', fields: ['dependencies', 'peerDependencies'] },
  'ask-proxy': {
    may: ['core'],
    manifest: 'ask-proxy/package.json',
    fields: ['dependencies'],
    closed: [SITE_ONLY],
  },
  mcp: { may: ['core'], manifest: 'mcp/package.json', fields: ['dependencies'], closed: [SITE_ONLY] },
  plugins: { may: ['core', 'root'], manifest: 'package.json', fields: ['dependencies', 'devDependencies'] },
  src: {
    may: ['core', 'root'],
    manifest: 'package.json',
    fields: ['dependencies', 'devDependencies'],
    // What the site's components call in a plugin at run time: the one event function, the early input.
    clientApis: ['plugins/analytics/track.ts', 'plugins/early-input/searchInput.ts'],
  },
  scripts: {
    may: ['core', 'plugins', 'src', 'root'],
    manifest: 'package.json',
    fields: ['dependencies', 'devDependencies'],
  },
  // Tests (e2e/, smoke/, every __tests__/ folder) may read any layer; benchmarks may not read tests.
  tests: {
    may: ['core', 'ask-proxy', 'mcp', 'plugins', 'src', 'scripts', 'root'],
    manifest: 'package.json',
    fields: ['dependencies', 'devDependencies'],
  },
  root: {
    may: ['core', 'plugins', 'src', 'scripts'],
    manifest: 'package.json',
    fields: ['dependencies', 'devDependencies'],
  },
};

/** Module names that the framework resolves itself (theme and site aliases, generated modules). */
const FRAMEWORK =
  /^(@theme|@theme-original|@theme-init|@generated|@docusaurus\/(Link|Head|useDocusaurusContext|useBaseUrl|useGlobalData|BrowserOnly|ExecutionEnvironment|Translate|isInternalUrl|router|useIsBrowser|renderRoutes|Interpolate|ErrorBoundary|Noop|constants|useRouteContext|ComponentCreator|useBrokenLinks|lib))(\/|$)/;
const CORE_PACKAGE = '@services-manager-docs/core';
const BUILTINS = new Set(builtinModules);

/** The layer of a repository-relative path, or undefined for a path outside every layer. */
export function layerOf(file: string): LayerName | undefined {
  const parts = file.split('/');
  if (parts.includes('__tests__') || parts[0] === 'e2e' || parts[0] === 'smoke') return 'tests';
  if (parts.length === 1) return 'root';
  const top = parts[0] as LayerName;
  return top in RULES && top !== 'tests' && top !== 'root' ? top : undefined;
}

/** The package a bare module name belongs to: `@scope/name` or `name`. */
export const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every module a source file imports or re-exports, found by TypeScript's own pre-processor. */
export function importsOf(source: string): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return importedFiles.map((entry) => entry.fileName);
}

export type SourceFile = { file: string; source: string };
export type Manifests = Record<string, Partial<Record<Rule['fields'][number], Record<string, string>>>>;

/**
 * What crosses a line: `file: imports target (layer) …` for an import of a layer the file's layer may
 * not read, and `file: imports package …` for a package its layer's manifest does not declare.
 * `exists` tells which repository paths are files, to resolve extensionless relative imports.
 */
export function layerViolations(
  files: SourceFile[],
  manifests: Manifests,
  exists: (file: string) => boolean,
): string[] {
  const problems: string[] = [];
  const resolve = (from: string, specifier: string): string | undefined => {
    const base = specifier.startsWith('@site/')
      ? specifier.slice('@site/'.length)
      : specifier.startsWith(`${CORE_PACKAGE}/`)
        ? `core/${specifier.slice(CORE_PACKAGE.length + 1)}`
        : path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
    return ['', '.ts', '.tsx', '/index.ts', '/index.tsx', '.js', '.json', '.css']
      .map((ext) => base + ext)
      .find(exists);
  };
  for (const { file, source } of files) {
    const layer = layerOf(file);
    if (!layer) continue;
    const rule = RULES[layer];
    const isBench = file.startsWith('scripts/bench/') && layerOf(file) !== 'tests';
    for (const specifier of importsOf(source)) {
      const local =
        specifier.startsWith('.') ||
        specifier.startsWith('@site/') ||
        specifier === CORE_PACKAGE ||
        specifier.startsWith(`${CORE_PACKAGE}/`);
      if (local) {
        const target = specifier === CORE_PACKAGE ? 'core/package.json' : resolve(file, specifier);
        if (!target) continue; // an asset or a generated file; the type check and the build resolve those
        const targetLayer = layerOf(target);
        const allowed =
          !targetLayer ||
          targetLayer === layer ||
          (targetLayer === 'tests' ? layer === 'tests' && !isBench : rule.may.includes(targetLayer)) ||
          rule.clientApis?.includes(target);
        const closed = rule.closed?.some((folder) => target.startsWith(folder));
        if (!allowed || closed || (isBench && targetLayer === 'tests'))
          problems.push(`${file}: imports ${target} (${targetLayer}), which the ${layer} layer may not read`);
        continue;
      }
      if (specifier.startsWith('node:') || BUILTINS.has(specifier) || FRAMEWORK.test(specifier)) continue;
      const name = packageOf(specifier);
      const manifest = manifests[file.startsWith(SITE_ONLY) ? 'package.json' : rule.manifest] ?? {};
      // A workspace's tests run from the repository's install, with the workspace's own packages too.
      const workspace = layer === 'tests' ? manifests[`${file.split('/')[0]}/package.json`] : undefined;
      const declared =
        rule.fields.some((field) => manifest[field]?.[name]) ||
        Boolean(workspace?.dependencies?.[name] || workspace?.peerDependencies?.[name]);
      if (!declared)
        problems.push(
          `${file}: imports package ${name}, which ${file.startsWith(SITE_ONLY) ? 'package.json' : rule.manifest} does not declare`,
        );
    }
  }
  return problems;
}
