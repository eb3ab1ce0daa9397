/**
 * The sentence that says when an operation is allowed ("Allowed when the request is `Failed`; otherwise
 * 409 `InvalidState`."), from the specification's `x-lifecycle` rules (core/api/lifecycle.ts), read
 * from the API model the reference is generated from.
 */
import type { ApiModel } from '@services-manager-docs/core/api';
import { operationNotes } from '@services-manager-docs/core/api/lifecycle';

const notesOf = new WeakMap<ApiModel, Record<string, string>>();
/** The notes of the model read last, for the pages whose generators are not handed a model. */
let current: Record<string, string> = {};

/** Every operation's sentence, by operation id, read once per model (its lifecycles were checked as it loaded). */
export function lifecycleNotes(model: ApiModel): Record<string, string> {
  let notes = notesOf.get(model);
  if (!notes) {
    notes = operationNotes(model.lifecycles);
    notesOf.set(model, notes);
  }
  current = notes;
  return notes;
}

/**
 * An operation's sentence in the model whose notes were read last (`lifecycleNotes(model)`, as the
 * reference generator does before it writes any page), or undefined.
 */
export function lifecycleNote(operationId: string | undefined): string | undefined {
  return operationId ? current[operationId] : undefined;
}
