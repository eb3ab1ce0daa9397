import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSearchFiles } from '../engine';
import { findIndexDir, searchBuild } from '../fromBuild';

const build = fs.mkdtempSync(path.join(os.tmpdir(), 'search-build-'));
afterAll(() => fs.rmSync(build, { recursive: true, force: true }));

function writeIndex(hash: string) {
  const files = buildSearchFiles([
    {
      url: '/docs/kb/kb00001',
      hierarchy: ['KB', 'KB00001: Regenerate the Partner Center token'],
      title: 'KB00001: Regenerate the Partner Center token',
      heading: '',
      units: [{ type: 'paragraph', text: 'Regenerate the refresh token when Partner Center rejects it.' }],
      docsTag: 'docs-default-current',
    },
  ]);
  const dir = path.join(build, 'search', hash);
  fs.mkdirSync(path.join(dir, 'shards'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'texts'), { recursive: true });
  const write = (file: string, data: unknown) => fs.writeFileSync(path.join(dir, file), JSON.stringify(data));
  write('base.json', files.base);
  write('sections.json', files.sections);
  write('shards.json', Object.keys(files.shards));
  for (const [shard, terms] of Object.entries(files.shards)) write(`shards/${shard}.json`, terms);
  files.texts.forEach((chunk, i) => write(`texts/${i}.json`, chunk));
}

describe('searchBuild', () => {
  it('says which command to run when the build has no index', () => {
    expect(() => findIndexDir(path.join(build, 'missing'))).toThrow(/run "npm run build" first/);
  });

  it('ranks sections of the build on disk like the site does', async () => {
    writeIndex('abc123');
    const response = await searchBuild(build).search('partner center token', { withText: true });
    expect(response.ok && response.hits.map((hit) => [hit.url, hit.text])).toEqual([
      ['/docs/kb/kb00001', 'Regenerate the refresh token when Partner Center rejects it.'],
    ]);
  });
});
