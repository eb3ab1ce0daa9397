import yaml from 'js-yaml';
import type { ApiModel } from '@services-manager-docs/core/api';

/** Where the product model lives, relative to the site. */
export const MODEL_FILE = 'docs/product-model.yml';

export type Role = { name: string; level: string; holder: string };
export type Permission = { name: string; grants: string[] };
export type EntityStates = { entity: string; definition: string; property: string; states: string[] };
/** States of systems the platform talks to (Partner Center, Windows services …), declared so pages may name them. */
export type OtherStates = { system: string; states: string[] };
export type Model = {
  roles: Role[];
  permissions: Permission[];
  states: EntityStates[];
  otherStates: OtherStates[];
};

type RawModel = {
  roles?: Role[];
  permissions?: Permission[];
  states?: unknown;
  'other-states'?: OtherStates[];
};

/**
 * Reads the model file, and takes the API's entities and their states from the specification: each
 * schema with a lifecycle (`x-lifecycle`) and its status enum. A role or permission entry that is
 * incomplete, or a `states` list in the model file, throws naming the file.
 */
export function loadModel(text: string, api: Pick<ApiModel, 'lifecycles'>, file = MODEL_FILE): Model {
  const raw = yaml.load(text) as RawModel;
  const fail = (problem: string) => {
    throw new Error(`${file}: ${problem}`);
  };
  const roles = raw?.roles ?? [];
  const permissions = raw?.permissions ?? [];
  if (!roles.length || !permissions.length) fail('needs "roles" and "permissions"');
  for (const role of roles)
    if (!role.name || !role.level) fail(`role ${JSON.stringify(role)} needs a name and a level`);
  for (const permission of permissions) {
    if (!/^[A-Z][a-z]+: [a-z][a-z ]*$/.test(permission.name ?? ''))
      fail(`permission "${permission.name}" must read "Area: action" (for example "Users: manage")`);
    if (permission.grants?.length !== roles.length)
      fail(
        `permission "${permission.name}" needs one grant per role (${roles.map((role) => role.name).join(', ')})`,
      );
  }
  if (raw?.states !== undefined)
    fail(
      'the API\'s states come from the specification (x-lifecycle of each schema with a status enum): remove "states"',
    );
  const states = [...api.lifecycles.lifecycles]
    .filter(([name, lifecycle]) => lifecycle.schema === name && lifecycle.states.length)
    .map(([name, lifecycle]) => ({
      entity: lifecycle.noun.charAt(0).toUpperCase() + lifecycle.noun.slice(1),
      definition: name,
      property: 'status',
      states: lifecycle.states.map((state) => state.name),
    }));
  const otherStates = raw?.['other-states'] ?? [];
  for (const entry of otherStates)
    if (!entry.system || !entry.states?.length) fail(`"other-states" entries need a system and its states`);
  return { roles, permissions, states, otherStates };
}

export const permissionAreas = (model: Model) =>
  new Set(model.permissions.map((permission) => permission.name.split(':')[0]));

/** What a grant in the model file reads as on a page: "Own items" is "own items", "Provider only" the provider's administrators only. */
export const grantText = (grant: string) =>
  grant === 'Provider only'
    ? "the provider's administrators only"
    : grant.charAt(0).toLowerCase() + grant.slice(1);

/** The built-in roles that hold a permission (grant other than `No`), in the model's order. */
export const holders = (model: Model, permission: Permission) =>
  model.roles.flatMap((role, i) =>
    permission.grants[i] && permission.grants[i] !== 'No' ? [{ role, grant: permission.grants[i] }] : [],
  );

/**
 * The permission a `::permission{action="…"}` directive names, or, when `action` is missing or not a
 * permission of the model, the reason (with the model's permission names), for `file:line: …`.
 */
export function namedPermission(model: Model, action: string | null | undefined): Permission | string {
  const found = model.permissions.find((permission) => permission.name === action);
  if (found) return found;
  const names = model.permissions.map((permission) => permission.name).join(', ');
  return action
    ? `::permission{action="${action}"} is not a permission of the product model (${MODEL_FILE}): ${names}`
    : `::permission needs action="…" naming a permission of the product model (${MODEL_FILE}): ${names}`;
}
