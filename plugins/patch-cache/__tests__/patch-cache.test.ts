import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';
import patchCachePlugin, { patchFiles } from '../index';

type Configuration = Parameters<NonNullable<Plugin['configureWebpack']>>[0];

const SITE_DIR = path.resolve(__dirname, '../../..');

const configure = (siteDir: string, config: Configuration) =>
  patchCachePlugin({ siteDir } as LoadContext).configureWebpack!(config, false, {} as never, {} as never);

describe('the framework patches in the bundler cache’s build dependencies', () => {
  it('finds the site’s patch to @docusaurus/core', () => {
    expect(patchFiles(path.join(SITE_DIR, 'patches')).map((file) => path.basename(file))).toContain(
      '@docusaurus+core+3.10.2.patch',
    );
  });

  it('adds every patch to Rspack’s persistent cache, and to webpack’s filesystem cache', () => {
    const files = patchFiles(path.join(SITE_DIR, 'patches'));
    expect(configure(SITE_DIR, { experiments: { cache: { type: 'persistent' } } as never })).toEqual({
      experiments: { cache: { buildDependencies: files } },
    });
    expect(configure(SITE_DIR, { cache: { type: 'filesystem' } })).toEqual({
      cache: { type: 'filesystem', buildDependencies: { patches: files } },
    });
  });

  it('changes nothing without a persistent cache or without patches', () => {
    expect(configure(SITE_DIR, {})).toEqual({});
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-patches-'));
    expect(configure(empty, { experiments: { cache: { type: 'persistent' } } as never })).toEqual({});
  });
});
