/**
 * Loads the REST API v2 specification into the API model (validated, in the OpenAPI 3 shape) and
 * regenerates the API reference pages from it: the REST operations, then the Cortex cmdlets. Runs before
 * `npm start` and `npm run build`; a bad specification (or an operation without its cmdlet) stops here
 * with a message naming its source.
 */
import { apiModel, apiSpecSource, SpecError } from '@services-manager-docs/core/api';
import { writeReference } from '../plugins/api-reference';
import { writeCortexPages } from '../plugins/api-reference/cortex/load';
import { buildReference } from '../plugins/api-reference/cortex/reference';
import { CortexRuleError } from '../plugins/api-reference/cortex/rules';
import { LifecycleError } from '@services-manager-docs/core/api/lifecycle';
import { checkChangelog, loadApiChangelog } from '../plugins/api-kit/changes';
import { cmdletChangeNotes, writeChangelogPage } from '../plugins/api-kit/changelog-page';

async function main() {
  const source = apiSpecSource();
  const model = await apiModel(source);
  // What changed since the last release (openapi/released/): the changelog page and, where an
  // operation's request changed, its cmdlet's page.
  const changes = await loadApiChangelog(model);
  cmdletChangeNotes(changes);
  // Before any page is written, so a missing x-cortex extension fails at once.
  const cortex = buildReference(model);
  // The REST pages first: every cmdlet page links to the pages of its operations.
  const pages = writeReference(model).filter((page) => page.type === 'api').length;
  const cmdlets = writeCortexPages(cortex);
  // The reference folder was emptied and written above; the changelog page goes beside its pages.
  writeChangelogPage(changes);
  console.log(
    `API reference: ${pages} operation pages, ${cmdlets} Cortex cmdlet pages and the API changelog ` +
      `(${changes.pending.length} change(s) since release ${changes.changelog.releases[0].version}) generated from ${source.location}`,
  );
  const { unacknowledged } = checkChangelog(changes.pending, changes.changelog);
  if (unacknowledged.length)
    console.warn(
      `Warning: ${unacknowledged.length} breaking change(s) since the last release have no changelog entry; ` +
        'the gate fails until they do (npx vitest run plugins/api-kit says which).',
    );
}

main().catch((error: unknown) => {
  console.error(
    error instanceof SpecError || error instanceof CortexRuleError || error instanceof LifecycleError
      ? `Error: ${error.message}`
      : error,
  );
  process.exit(1);
});
