/**
 * The sentence that says when an operation is allowed ("Allowed when the request is `Failed`; otherwise
 * 409 `InvalidState`."), from the specification's `x-lifecycle` rules (api-model/lifecycle.ts).
 * `npm run gen:api` reads and checks the lifecycles once and shares the sentences through the
 * environment with the page generators, which run in the Docusaurus CLI it starts.
 */
const VARIABLE = 'API_LIFECYCLE_NOTES';

export function shareLifecycleNotes(notes: Record<string, string>) {
  process.env[VARIABLE] = JSON.stringify(notes);
}

export function lifecycleNote(operationId: string | undefined): string | undefined {
  if (!operationId || !process.env[VARIABLE]) return undefined;
  return (JSON.parse(process.env[VARIABLE]) as Record<string, string>)[operationId];
}
