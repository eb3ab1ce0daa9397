import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layerOf, layerViolations, type Manifests, type SourceFile } from '../layers';

const ROOT = path.resolve(__dirname, '../..');
const MANIFESTS = ['package.json', 'core/package.json', 'ask-proxy/package.json', 'mcp/package.json'];
const manifests: Manifests = Object.fromEntries(
  MANIFESTS.map((file) => [file, JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'))]),
);

describe('layers', () => {
  it('hold in the repository: no import crosses a line, every imported package is declared', () => {
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && fs.existsSync(path.join(ROOT, file)));
    const files: SourceFile[] = tracked.map((file) => ({
      file,
      source: fs.readFileSync(path.join(ROOT, file), 'utf8'),
    }));
    const exists = (file: string) =>
      fs.existsSync(path.join(ROOT, file)) && fs.statSync(path.join(ROOT, file)).isFile();
    expect(layerViolations(files, manifests, exists)).toEqual([]);
  });

  const fixture: Record<string, string> = {
    'src/search/engine.ts': '',
    'core/search/engine.ts': '',
    'core/api/loader.ts': '',
    'plugins/analytics/track.ts': '',
    'plugins/content-model/index.ts': '',
    'e2e/harness.ts': '',
  };
  const exists = (file: string) => file in fixture;
  const check = (file: string, source: string) => layerViolations([{ file, source }], manifests, exists);

  it('fails a service or a plugin that reads the site, and the core that reads anything above it', () => {
    expect(check('mcp/site.ts', "import { x } from '../src/search/engine';")).toEqual([
      'mcp/site.ts: imports src/search/engine.ts (src), which the mcp layer may not read',
    ]);
    expect(check('plugins/search-index/index.ts', "import { x } from '@site/src/search/engine';")).toEqual([
      'plugins/search-index/index.ts: imports src/search/engine.ts (src), which the plugins layer may not read',
    ]);
    expect(check('core/ask/x.ts', "export * from '../../plugins/content-model';")).toEqual([
      'core/ask/x.ts: imports plugins/content-model/index.ts (plugins), which the core layer may not read',
    ]);
    expect(check('ask-proxy/x.ts', "import('../plugins/content-model')")).toHaveLength(1);
    expect(check('mcp/x.ts', "import { apiModel } from '@services-manager-docs/core/api/loader';")).toEqual([
      'mcp/x.ts: imports core/api/loader.ts (core), which the mcp layer may not read',
    ]);
  });

  it('fails the site reading a plugin other than its client API, and a benchmark reading a test', () => {
    expect(check('src/components/X.tsx', "import { y } from '@site/plugins/content-model';")).toHaveLength(1);
    expect(
      check('src/components/X.tsx', "import { trackEvent } from '@site/plugins/analytics/track';"),
    ).toEqual([]);
    expect(check('scripts/bench/search.ts', "import { h } from '../../e2e/harness';")).toEqual([
      'scripts/bench/search.ts: imports e2e/harness.ts (tests), which the scripts layer may not read',
    ]);
  });

  it('fails a package the layer does not declare, and accepts the core by its package name', () => {
    expect(check('mcp/x.ts', "import MiniSearch from 'minisearch';")).toEqual([
      'mcp/x.ts: imports package minisearch, which mcp/package.json does not declare',
    ]);
    expect(check('core/x.ts', "import { compile } from '@mdx-js/mdx';")).toEqual([
      'core/x.ts: imports package @mdx-js/mdx, which core/package.json does not declare',
    ]);
    expect(check('mcp/x.ts', "import { e } from '@services-manager-docs/core/search/engine';")).toEqual([]);
    // The API model's loader runs only in the site's build: its packages are the site's.
    expect(check('core/api/loader.ts', "import yaml from 'js-yaml';")).toEqual([]);
    expect(check('core/search/x.ts', "import yaml from 'js-yaml';")).toEqual([
      'core/search/x.ts: imports package js-yaml, which core/package.json does not declare',
    ]);
    expect(check('mcp/x.ts', "import fs from 'node:fs'; import path from 'path';")).toEqual([]);
  });

  it('names each path by its layer', () => {
    expect(layerOf('core/api/index.ts')).toBe('core');
    expect(layerOf('mcp/__tests__/x.test.ts')).toBe('tests');
    expect(layerOf('docusaurus.config.ts')).toBe('root');
    expect(layerOf('static/x.js')).toBeUndefined();
  });
});
