/**
 * `npm run api:release -- <version> [YYYY-MM-DD]`: records a release of the REST API specification.
 * The changes since the last release (with the notes `unreleased` gives them) become the new release in
 * `openapi/released/changelog.yml`, and the current specification is copied to `openapi/released/`, so
 * the next changes are compared with it. Refuses while a breaking change has no changelog entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import { apiModel, DEFAULT_SPEC, SpecError } from '@services-manager-docs/core/api';
import {
  CHANGELOG_FILE,
  changelogText,
  checkChangelog,
  checkMessage,
  loadApiChangelog,
  recordRelease,
  RELEASED_SPEC,
} from './changes';

export async function release(version: string, date: string, root = process.cwd()): Promise<string> {
  if (!/^\d+\.\d+\.\d+$/.test(version ?? ''))
    throw new SpecError('Usage: npm run api:release -- <version> [YYYY-MM-DD]');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new SpecError(`"${date}" is not a date (YYYY-MM-DD)`);
  // The repository's specification is what is released, whatever DOCS_OPENAPI_SPEC names.
  const model = await apiModel({ kind: 'file', location: DEFAULT_SPEC }, { cwd: root });
  const current = await loadApiChangelog(model, root);
  const problem = checkMessage(
    checkChangelog(current.pending, current.changelog),
    current.changelog.releases[0].version,
  );
  if (problem) throw new SpecError(problem);
  const recorded = recordRelease(current, version, date);
  fs.writeFileSync(path.resolve(root, CHANGELOG_FILE), changelogText(recorded));
  fs.copyFileSync(path.resolve(root, DEFAULT_SPEC), path.resolve(root, RELEASED_SPEC));
  const breaking = current.pending.filter((change) => change.breaking).length;
  return `Release ${version} (${date}) recorded in ${CHANGELOG_FILE}: ${current.pending.length} change(s), ${breaking} breaking; ${RELEASED_SPEC} updated.`;
}

if (require.main === module) {
  const [version, date = new Date().toISOString().slice(0, 10)] = process.argv.slice(2);
  release(version, date).then(
    (message) => console.log(message),
    (error: unknown) => {
      console.error(error instanceof SpecError ? `Error: ${error.message}` : error);
      process.exit(1);
    },
  );
}
