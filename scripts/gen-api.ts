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
import { LifecycleError, readLifecycles } from '@services-manager-docs/core/api/lifecycle';

async function main() {
  const source = apiSpecSource();
  const model = await apiModel(source);
  // States, transitions and operation rules (x-lifecycle) must agree with the schemas and operations.
  readLifecycles(model.document, model.source);
  // Before any page is written, so a missing x-cortex extension fails at once.
  const cortex = buildReference(model);
  // The REST pages first: every cmdlet page links to the pages of its operations.
  const pages = writeReference(model).filter((page) => page.type === 'api').length;
  const cmdlets = writeCortexPages(cortex);
  console.log(
    `API reference: ${pages} operation pages and ${cmdlets} Cortex cmdlet pages generated from ${source.location}`,
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
