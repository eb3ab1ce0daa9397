/**
 * The API reference: the REST pages generated from the API model (./generate.ts, run by
 * `npm run gen:api`), the Cortex cmdlet pages (./cortex), and the docs instance that serves them.
 */
export { default as remarkCortexTables } from './cortex/remark';
export { GENERATED_DIR, REFERENCE_SIDEBAR_FILE, writeReference } from './generate';

/** The docs instance that serves the reference. */
export const API_DOCS_ID = 'api';
