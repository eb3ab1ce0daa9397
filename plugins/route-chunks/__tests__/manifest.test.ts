import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addModuleOrigins, patchManifestFile, registryModules, type ClientManifest } from '../manifest';

const REGISTRY = `export default {
  "0058b4c6": [() => import(/* webpackChunkName: "0058b4c6" */ "@generated/docusaurus-plugin-content-docs/default/p/docs-175.json"), "@generated/docusaurus-plugin-content-docs/default/p/docs-175.json", require.resolveWeak("@generated/docusaurus-plugin-content-docs/default/p/docs-175.json")],
  "0271f14c": [() => import(/* webpackChunkName: "0271f14c" */ "@site/docs/kb/kb00019.md"), "@site/docs/kb/kb00019.md", require.resolveWeak("@site/docs/kb/kb00019.md")],
};
`;

const manifest = (): ClientManifest => ({
  entrypoints: ['main'],
  origins: { '0271f14c': ['106', '2293'], main: ['main'] },
  assets: {},
});

describe('route chunks in the client manifest', () => {
  it('reads each chunk name and the module it loads from the generated registry', () => {
    expect([...registryModules(REGISTRY)]).toEqual([
      ['0058b4c6', '@generated/docusaurus-plugin-content-docs/default/p/docs-175.json'],
      ['0271f14c', '@site/docs/kb/kb00019.md'],
    ]);
  });

  it('lets server rendering find a module’s chunks by its path', () => {
    const patched = manifest();
    expect(addModuleOrigins(patched, registryModules(REGISTRY))).toBe(1);
    expect(patched.origins['@site/docs/kb/kb00019.md']).toEqual(['106', '2293']);
    // A chunk the bundler merged away has no origin of its own, and nothing is invented for it.
    expect(patched.origins['@generated/docusaurus-plugin-content-docs/default/p/docs-175.json']).toBe(
      undefined,
    );
  });

  it('fails with the registry’s path when its format is not understood', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-chunks-'));
    fs.writeFileSync(path.join(dir, 'registry.js'), 'export default {};\n');
    fs.writeFileSync(path.join(dir, 'client-manifest.json'), JSON.stringify(manifest()));
    expect(() =>
      patchManifestFile(path.join(dir, 'client-manifest.json'), path.join(dir, 'registry.js')),
    ).toThrow(/registry\.js: no route chunks found/);
  });
});
