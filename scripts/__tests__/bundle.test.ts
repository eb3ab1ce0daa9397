import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { bundle } from '../bundle';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('bundle', () => {
  it('packs the build into one archive that unpacks into a named folder', () => {
    const build = path.join(dir, 'build');
    fs.mkdirSync(path.join(build, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(build, 'index.html'), '<p>home</p>');
    fs.writeFileSync(path.join(build, 'docs/index.html'), '<p>docs</p>');
    const archive = bundle(build, path.join(dir, 'out'));
    const listing = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).split('\n');
    expect(path.basename(archive)).toMatch(/^services-manager-docs-\d+\.\d+\.\d+\.tar\.gz$/);
    expect(listing).toEqual(
      expect.arrayContaining([expect.stringMatching(/^services-manager-docs-[\d.]+\/docs\/index\.html$/)]),
    );
  });

  it('refuses a missing build', () => {
    expect(() => bundle(path.join(dir, 'nothing'), dir)).toThrow(/No build found/);
  });
});
