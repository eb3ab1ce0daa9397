/**
 * The sentence that says when an operation is allowed ("Allowed when the request is `Failed`; otherwise
 * 409 `InvalidState`."), from the specification's `x-lifecycle` rules (api-model/lifecycle.ts). The page
 * generators run in the Docusaurus CLI that `npm run gen:api` starts; they read the lifecycles from the
 * API model's document that gen:api wrote before (MODEL_DOCUMENT), so the specification is loaded once.
 */
import fs from 'node:fs';
import { operationNotes, readLifecycles } from '../../api-model/lifecycle';

/**
 * The API model's document (OpenAPI 3, whatever the specification's format), written by
 * `npm run gen:api` for docusaurus-plugin-openapi-docs and the page generators to read.
 */
export const MODEL_DOCUMENT = 'node_modules/.cache/api-model/openapi.json';

let notes: Record<string, string> | undefined;

export function lifecycleNote(operationId: string | undefined): string | undefined {
  if (!operationId) return undefined;
  if (!notes) {
    const document: unknown = fs.existsSync(MODEL_DOCUMENT)
      ? JSON.parse(fs.readFileSync(MODEL_DOCUMENT, 'utf8'))
      : undefined;
    notes = document ? operationNotes(readLifecycles(document, MODEL_DOCUMENT)) : {};
  }
  return notes[operationId];
}
