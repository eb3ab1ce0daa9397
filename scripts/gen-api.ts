/**
 * Validates the REST API v2 specification and regenerates the API reference pages from it. Runs before
 * `npm start` and `npm run build`; a bad specification stops here with a message naming its source.
 */
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { apiSpecSource, readSpec, SpecError, validateSpec } from './openapi';

const OUTPUT_DIR = 'api-docs/reference';

async function main() {
  const source = apiSpecSource();
  await validateSpec(await readSpec(source), source.location);
  fs.rmSync(OUTPUT_DIR, { recursive: true, force: true });
  const result = spawnSync('npx', ['docusaurus', 'gen-api-docs', 'all'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const pages = fs.readdirSync(OUTPUT_DIR).filter((file) => file.endsWith('.api.mdx')).length;
  console.log(`API reference: ${pages} operation pages generated from ${source.location}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof SpecError ? `Error: ${error.message}` : error);
  process.exit(1);
});
