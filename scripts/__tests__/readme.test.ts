import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const SCRIPTS = Object.keys(
  (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
);

/** The README is a front door: what the site is, how to run it, its settings and layout, where to read on. */
const README_MAX_BYTES = 16 * 1024;

/** npm's own commands a document may name without `run`. */
const NPM_COMMANDS = new Set(['install', 'ci', 'test', 'start', 'audit']);

/**
 * The npm commands a Markdown text names (`npm run x`, `npm x`, and in a list after one of them the
 * shortened `bench:x`) that package.json does not have.
 */
function unknownCommands(text: string, scripts: string[]): string[] {
  const unknown = new Set<string>();
  for (const [, run, name] of text.matchAll(/\bnpm (run )?([a-z][\w:-]*)/g))
    if (run ? !scripts.includes(name) : !NPM_COMMANDS.has(name) && !scripts.includes(name))
      unknown.add(`npm ${run ?? ''}${name}`);
  for (const [, name] of text.matchAll(/\/ `([a-z]+:[\w-]+)`/g))
    if (!scripts.includes(name)) unknown.add(name);
  return [...unknown];
}

describe('README.md', () => {
  it(`stays under ${README_MAX_BYTES / 1024} KB`, () => {
    const size = Buffer.byteLength(read('README.md'));
    expect(
      size,
      `README.md is ${size} bytes; move manuals to CONTRIBUTING.md or their folder's README`,
    ).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('names only npm commands package.json has, as does CONTRIBUTING.md', () => {
    expect(unknownCommands(read('README.md'), SCRIPTS)).toEqual([]);
    expect(unknownCommands(read('CONTRIBUTING.md'), SCRIPTS)).toEqual([]);
  });

  it('finds a command that does not exist', () => {
    const text = 'Run `npm run bench:nothing`, then `npm frobnicate`, `npm run bench:search` / `bench:gone`.';
    expect(unknownCommands(text, ['bench:search'])).toEqual([
      'npm run bench:nothing',
      'npm frobnicate',
      'bench:gone',
    ]);
  });
});
