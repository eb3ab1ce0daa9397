/**
 * Validates the REST API v2 specification and regenerates the API reference pages from it: the REST
 * operations, then the Cortex cmdlets. Runs before `npm start` and `npm run build`; a bad specification
 * (or an operation without its cmdlet) stops here with a message naming its source.
 */
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import yaml from 'js-yaml';
import { apiSpecSource, readSpec, SpecError, validateSpec } from './openapi';
import { EXTRAS_FILE, referenceFromText, writeCortexPages } from '../plugins/api-reference/cortex/load';
import { CortexRuleError } from '../plugins/api-reference/cortex/rules';
import { LifecycleError, operationNotes, readLifecycles } from '../api-model/lifecycle';
import { shareLifecycleNotes } from '../plugins/api-reference/lifecycleNotes';

const OUTPUT_DIR = 'api-docs/reference';

async function main() {
  const source = apiSpecSource();
  const text = await readSpec(source);
  await validateSpec(text, source.location);
  // States, transitions and operation rules (x-lifecycle) must agree with the schemas and operations.
  shareLifecycleNotes(operationNotes(readLifecycles(yaml.load(text), source.location)));
  // Before the slow REST generation, so a missing x-cortex extension fails at once.
  const cortex = referenceFromText(text, fs.readFileSync(EXTRAS_FILE, 'utf8'), source.location);
  fs.rmSync(OUTPUT_DIR, { recursive: true, force: true });
  const result = spawnSync('npx', ['docusaurus', 'gen-api-docs', 'all'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const pages = fs.readdirSync(OUTPUT_DIR).filter((file) => file.endsWith('.api.mdx')).length;
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
