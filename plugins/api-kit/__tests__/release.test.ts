/** `npm run api:release`: records a release and moves the released specification on, or refuses. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { CMDLETS_FILE, DEFAULT_SPEC } from '@services-manager-docs/core/api';
import { CHANGELOG_FILE, parseChangelog, RELEASED_SPEC } from '../changes';
import { release } from '../release';

const ROOT = path.resolve(__dirname, '../../..');
const dirs: string[] = [];

/** A copy of the repository's specification files, the current specification edited by `edit`. */
function repository(edit: (spec: string) => string = (spec) => spec): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-release-'));
  dirs.push(dir);
  for (const file of [CMDLETS_FILE, RELEASED_SPEC, CHANGELOG_FILE]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  // The release's own specification, so only the edit differs.
  fs.writeFileSync(
    path.join(dir, DEFAULT_SPEC),
    edit(fs.readFileSync(path.join(ROOT, RELEASED_SPEC), 'utf8')),
  );
  const changelog = path.join(dir, CHANGELOG_FILE);
  fs.writeFileSync(
    changelog,
    fs.readFileSync(changelog, 'utf8').replace("note: ''", 'note: Maintenance release.'),
  );
  return dir;
}

afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('npm run api:release', () => {
  it('records the release with its note and makes the current specification the released one', async () => {
    const dir = repository((spec) =>
      spec.replace('summary: Create a customer', 'summary: Create one customer'),
    );
    expect(await release('1.0.2', '2027-01-04', dir)).toBe(
      'Release 1.0.2 (2027-01-04) recorded in openapi/released/changelog.yml: 0 change(s), 0 breaking; openapi/released/services-manager-v2.yaml updated.',
    );
    const changelog = parseChangelog(fs.readFileSync(path.join(dir, CHANGELOG_FILE), 'utf8'));
    expect(changelog.releases.map((entry) => [entry.version, entry.date, entry.note])).toEqual([
      ['1.0.2', '2027-01-04', 'Maintenance release.'],
      ...parseChangelog(fs.readFileSync(path.join(ROOT, CHANGELOG_FILE), 'utf8')).releases.map((entry) => [
        entry.version,
        entry.date,
        entry.note,
      ]),
    ]);
    expect(changelog.unreleased).toEqual({ changes: [] });
    expect(fs.readFileSync(path.join(dir, RELEASED_SPEC), 'utf8')).toContain('summary: Create one customer');
  });

  it('refuses while a breaking change has no changelog entry, and a bad version', async () => {
    const dir = repository((text) => {
      const spec = yaml.load(text) as { paths: Record<string, Record<string, { parameters: unknown[] }>> };
      spec.paths['/customers'].get.parameters.push({
        name: 'region',
        in: 'query',
        required: true,
        type: 'string',
      });
      return yaml.dump(spec);
    });
    await expect(release('1.0.2', '2027-01-04', dir)).rejects.toThrow(
      /breaking change\(s\) since release 1\.0\.1 have no entry[\s\S]*operation: listCustomers\n {2}change: Added required query parameter `region`/,
    );
    await expect(release('next', '2027-01-04', dir)).rejects.toThrow('Usage: npm run api:release');
  });
});
