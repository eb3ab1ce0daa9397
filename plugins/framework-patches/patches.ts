import fs from 'node:fs';
import path from 'node:path';

/** One exact text edit to a module of a Docusaurus package, applied as the bundler loads it. */
export type Edit = { find: string; replace: string };

export type Patch = {
  /** The package and the module's file in it (`@docusaurus/core`, `lib/client/browserContext.js`). */
  package: string;
  file: string;
  /** What the patch does, completing "the patch …"; shown when the module no longer matches. */
  why: string;
  edits: Edit[];
};

/**
 * Work a page's first view does that the reader never sees, taken out of its long tasks (each was
 * measured at Lighthouse's 4× CPU slowdown):
 * - The first `String.prototype.localeCompare` of a page builds an ICU collator, 70–95 ms. Two
 *   framework helpers that run on every page call it only to order plugin paths (longest first) or a
 *   memo's keys (any fixed order); comparing by code unit gives them the same order.
 * - Every link that scrolls into view prefetches its route's chunks, and finding them scanned all the
 *   route table's keys with a regular expression, for each of the 3–4 routes a path matches: about
 *   40 ms of each prefetch task on the search page. The table is now indexed by path on first use.
 * - Two state updates that every page makes right after hydration (the browser flag behind
 *   `useIsBrowser`, the window size behind the mobile/desktop layout) were made at default priority,
 *   which React renders in one uninterruptible task; as transitions they render in small slices.
 */
export const PATCHES: Patch[] = [
  {
    package: '@docusaurus/core',
    file: 'lib/client/docusaurus.js',
    why: 'finds the chunks a prefetched route needs in a table built once, instead of scanning every route',
    edits: [
      {
        find: [
          'const getChunkNamesToLoad = (path) => Object.entries(routesChunkNames)',
          '    .filter(',
          '// Remove the last part containing the route hash',
          '// input: /blog/2018/12/14/Happy-First-Birthday-Slash-fe9',
          '// output: /blog/2018/12/14/Happy-First-Birthday-Slash',
          "([routeNameWithHash]) => routeNameWithHash.replace(/-[^-]+$/, '') === path)",
          '    .flatMap(([, routeChunks]) => Object.values(flat(routeChunks)));',
        ].join('\n'),
        replace: [
          'let chunkNamesByPath;',
          'const getChunkNamesToLoad = (path) => {',
          '    if (!chunkNamesByPath) {',
          '        chunkNamesByPath = new Map();',
          '        for (const [routeNameWithHash, routeChunks] of Object.entries(routesChunkNames)) {',
          // The route path is the key less its last part, `-` and the route hash.
          "            const cut = routeNameWithHash.lastIndexOf('-');",
          '            const routePath = cut >= 0 && cut < routeNameWithHash.length - 1 ? routeNameWithHash.slice(0, cut) : routeNameWithHash;',
          '            const names = chunkNamesByPath.get(routePath) ?? [];',
          '            names.push(...Object.values(flat(routeChunks)));',
          '            chunkNamesByPath.set(routePath, names);',
          '        }',
          '    }',
          '    return chunkNamesByPath.get(path) ?? [];',
          '};',
        ].join('\n'),
      },
    ],
  },
  {
    package: '@docusaurus/plugin-content-docs',
    file: 'lib/client/docsClientUtils.js',
    why: 'finds the active docs plugin without a collator, longest path first',
    edits: [
      {
        find: '.sort((a, b) => b[1].path.localeCompare(a[1].path))',
        replace: '.sort((a, b) => (a[1].path < b[1].path ? 1 : a[1].path > b[1].path ? -1 : 0))',
      },
    ],
  },
  {
    package: '@docusaurus/theme-common',
    file: 'lib/utils/reactUtils.js',
    why: 'orders the dependencies of useShallowMemoObject without a collator',
    edits: [
      {
        find: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
        replace: 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
      },
    ],
  },
  {
    package: '@docusaurus/core',
    file: 'lib/client/browserContext.js',
    why: 'renders the isBrowser update after hydration as a transition',
    edits: [
      {
        find: "import React, { useEffect, useState } from 'react';",
        replace: "import React, { startTransition, useEffect, useState } from 'react';",
      },
      { find: 'setIsBrowser(true);', replace: 'startTransition(() => setIsBrowser(true));' },
    ],
  },
  {
    package: '@docusaurus/theme-common',
    file: 'lib/hooks/useWindowSize.js',
    why: 'renders the first window-size update after hydration as a transition; resizes stay urgent',
    edits: [
      {
        find: "import { useEffect, useState } from 'react';",
        replace: "import { startTransition, useEffect, useState } from 'react';",
      },
      { find: 'updateWindowSize();', replace: 'startTransition(updateWindowSize);' },
    ],
  },
];

const occurrences = (text: string, find: string) => text.split(find).length - 1;

/**
 * The patch's problems with a module's source: every edit's text must occur exactly once, and a
 * replacement may not contain `$`, which the loader's string replacement would read as a pattern.
 */
export function patchProblems(patch: Patch, source: string): string[] {
  return patch.edits.flatMap(({ find, replace }) => {
    const count = occurrences(source, find);
    const problems = count === 1 ? [] : [`"${find}" occurs ${count} times (expected once)`];
    return replace.includes('$') ? [...problems, `the replacement "${replace}" contains "$"`] : problems;
  });
}

/** Applies a patch to a module's source, as the build does. */
export function applyPatch(patch: Patch, source: string): string {
  return patch.edits.reduce((text, { find, replace }) => text.replace(find, replace), source);
}

/** A package's folder, looked up where Node looks (its exports may hide the module and package.json). */
function packageRoot(name: string): string {
  const root = (require.resolve.paths(name) ?? [])
    .map((modules) => path.join(modules, name))
    .find((dir) => fs.existsSync(path.join(dir, 'package.json')));
  if (!root) throw new Error(`plugins/framework-patches/patches.ts: the package ${name} is not installed`);
  return root;
}

/**
 * Resolves every patch's module and checks its source, so a framework upgrade that changes one
 * fails the build with the module, the reason for the patch and what no longer matches.
 */
export function resolvePatches(patches: Patch[] = PATCHES): { file: string; patch: Patch }[] {
  return patches.map((patch) => {
    const file = path.join(packageRoot(patch.package), patch.file);
    const name = `${patch.package}/${patch.file}`;
    if (!fs.existsSync(file))
      throw new Error(
        `plugins/framework-patches/patches.ts: ${name} no longer exists (its patch ${patch.why}).`,
      );
    const problems = patchProblems(patch, fs.readFileSync(file, 'utf8'));
    if (problems.length)
      throw new Error(
        `plugins/framework-patches/patches.ts: ${name} no longer matches its patch (which ${patch.why}): ` +
          `${problems.join('; ')}. Update or remove the patch.`,
      );
    return { file, patch };
  });
}
