import { describe, expect, it } from 'vitest';
import { applyPatch, PATCHES, patchProblems, resolvePatches, type Patch } from '../patches';
import fs from 'node:fs';
import flat from '@docusaurus/core/lib/client/flat.js';

const patchOf = (file: string) => PATCHES.find((patch) => patch.file === file)!;

/** The comparator a sort edit installs, as a function (the text after `=>` up to the sort's `)`). */
function comparator(patch: Patch): (a: [string, { path: string }], b: [string, { path: string }]) => number {
  const body = /\.sort\(\(a, b\) => (.*)\);?$/.exec(patch.edits[0].replace)?.[1];
  if (!body) throw new Error(`no comparator in ${patch.file}`);
  return new Function('a', 'b', `return ${body};`) as never;
}

describe('PATCHES', () => {
  it('all match the installed framework modules, each edit exactly once', () => {
    const resolved = resolvePatches();
    expect(resolved).toHaveLength(PATCHES.length);
    for (const { file, patch } of resolved) {
      const patched = applyPatch(patch, fs.readFileSync(file, 'utf8'));
      for (const { replace } of patch.edits) expect(patched).toContain(replace);
    }
  });

  it('leave no localeCompare in the modules every page runs', () => {
    for (const { file, patch } of resolvePatches())
      expect(applyPatch(patch, fs.readFileSync(file, 'utf8'))).not.toContain('localeCompare');
  });

  it('order docs plugin paths as localeCompare did: longest matching path first', () => {
    const plugins = ['/docs', '/docs/developer/api', '/', '/docs/developer', '/community'].map(
      (path, i) => [`plugin-${i}`, { path }] as [string, { path: string }],
    );
    const original = [...plugins].sort((a, b) => b[1].path.localeCompare(a[1].path));
    const patched = [...plugins].sort(comparator(patchOf('lib/client/docsClientUtils.js')));
    expect(patched.map(([, { path }]) => path)).toEqual(original.map(([, { path }]) => path));
  });

  it('order object keys as localeCompare did', () => {
    const entries = ['zIndex', 'activeClassName', 'onClick', 'href', 'label', 'to'].map(
      (key) => [key, { path: '' }] as [string, { path: string }],
    );
    const original = [...entries].sort((a, b) => a[0].localeCompare(b[0]));
    const patched = [...entries].sort(comparator(patchOf('lib/utils/reactUtils.js')));
    expect(patched).toEqual(original);
  });
});

describe('the prefetch chunk table', () => {
  /** getChunkNamesToLoad as the module defines it, before or after the patch. */
  function chunkNamesToLoad(definition: string, routesChunkNames: Record<string, unknown>) {
    return new Function('routesChunkNames', 'flat', `${definition}\nreturn getChunkNamesToLoad;`)(
      routesChunkNames,
      flat,
    ) as (path: string) => string[];
  }

  it('gives every route the chunks the original scan gave', () => {
    const routesChunkNames = {
      '/docs-5e9': { __comp: '5e95c892', __context: { plugin: 'aba21aa0' } },
      '/docs-a7b': { __comp: 'a7bd4aaa', __props: '0058b4c6' },
      '/docs/concepts/roles-&-permissions-2b1': { __comp: '17896441', content: '1df93b7f' },
      '/docs/tags/reseller-admin-cf2': { __comp: '3720c009', __props: 'cb199648' },
      '/search-1b3': { __comp: '4cb8b7cc' },
      '/-e5f': { __comp: 'c4f5d8e4' },
    };
    const patch = patchOf('lib/client/docusaurus.js');
    const original = chunkNamesToLoad(patch.edits[0].find, routesChunkNames);
    const patched = chunkNamesToLoad(applyPatch(patch, patch.edits[0].find), routesChunkNames);
    for (const path of [
      '/docs',
      '/docs/concepts/roles-&-permissions',
      '/docs/tags/reseller-admin',
      '/search',
      '/',
      '/nowhere',
    ])
      expect(patched(path), path).toEqual(original(path));
    expect(patched('/docs')).toEqual(['5e95c892', 'aba21aa0', 'a7bd4aaa', '0058b4c6']);
  });
});

describe('patchProblems', () => {
  const patch: Patch = {
    package: '@docusaurus/core',
    file: 'lib/example.js',
    why: 'does something',
    edits: [{ find: 'a();', replace: 'b();' }],
  };

  it('accepts a source with each text once', () => {
    expect(patchProblems(patch, 'x(); a(); y();')).toEqual([]);
  });

  it('names a text that is missing or repeated, and a replacement with $', () => {
    expect(patchProblems(patch, 'x();')).toEqual(['"a();" occurs 0 times (expected once)']);
    expect(patchProblems(patch, 'a(); a();')).toEqual(['"a();" occurs 2 times (expected once)']);
    expect(patchProblems({ ...patch, edits: [{ find: 'a();', replace: '$&();' }] }, 'a();')).toEqual([
      'the replacement "$&();" contains "$"',
    ]);
  });
});

describe('resolvePatches', () => {
  it('fails with the module, what the patch does and what no longer matches', () => {
    expect(() =>
      resolvePatches([
        {
          package: '@docusaurus/core',
          file: 'lib/client/browserContext.js',
          why: 'renders the isBrowser update after hydration as a transition',
          edits: [{ find: 'setIsBrowser(false);', replace: 'x' }],
        },
      ]),
    ).toThrowErrorMatchingInlineSnapshot(
      `[Error: plugins/framework-patches/patches.ts: @docusaurus/core/lib/client/browserContext.js no longer matches its patch (which renders the isBrowser update after hydration as a transition): "setIsBrowser(false);" occurs 0 times (expected once). Update or remove the patch.]`,
    );
  });

  it('fails when the module is gone', () => {
    expect(() =>
      resolvePatches([{ package: '@docusaurus/core', file: 'lib/client/gone.js', why: 'does x', edits: [] }]),
    ).toThrow(
      'plugins/framework-patches/patches.ts: @docusaurus/core/lib/client/gone.js no longer exists (its patch does x).',
    );
  });
});
