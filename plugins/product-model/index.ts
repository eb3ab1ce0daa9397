import fs from 'node:fs/promises';
import path from 'node:path';
import { apiModel, type SpecSource } from '@services-manager-docs/core/api';
import { PERMISSION_LABEL } from '@services-manager-docs/core/content/model';
import {
  grantText,
  holders,
  loadModel,
  MODEL_FILE,
  namedPermission,
  type Model,
  type Permission,
} from './model';

type Node = {
  type: string;
  name?: string;
  value?: string;
  attributes?: Record<string, string | null | undefined>;
  position?: { start: { line: number } };
  children?: Node[];
};
type File = { path?: string; history?: string[] };

const text = (value: string): Node => ({ type: 'text', value });
const strong = (value: string): Node => ({ type: 'strong', children: [text(value)] });
const code = (value: string): Node => ({ type: 'inlineCode', value });
const joined = (nodes: Node[]): Node[] => nodes.flatMap((node, i) => (i ? [text(', '), node] : [node]));

function table(header: string[], rows: Node[][][]): Node {
  const row = (cells: Node[][]): Node => ({
    type: 'tableRow',
    children: cells.map((children) => ({ type: 'tableCell', children })),
  });
  return { type: 'table', children: [row(header.map((cell) => [text(cell)])), ...rows.map(row)] };
}

/** The part of the model a page shows: `roles`, `permissions` (what each built-in role holds) or `states`. */
export function modelTable(model: Model, show: string): Node | undefined {
  if (show === 'roles')
    return table(
      ['Role', 'Level', 'Typical holder'],
      model.roles.map((role) => [[strong(role.name)], [text(role.level)], [text(role.holder)]]),
    );
  if (show === 'permissions')
    return table(
      ['Permission', ...model.roles.map((role) => role.name)],
      model.permissions.map((permission) => [
        [strong(permission.name)],
        ...permission.grants.map((grant) => [text(grant)]),
      ]),
    );
  if (show === 'states')
    return table(
      ['Entity', 'States', 'In the API'],
      model.states.map((entry) => [
        [text(entry.entity)],
        joined(entry.states.map(code)),
        [code(`${entry.definition}.${entry.property}`)],
      ]),
    );
  return undefined;
}

/**
 * Who can do a task: "**Who can do this:** Service Provider Admin (all), Reseller Admin (own items).
 * Permission: **Workspace: manage items**." Roles whose grant is `No` are left out.
 */
export function permissionParagraph(model: Model, permission: Permission): Node {
  const who = holders(model, permission).map(({ role, grant }) => `${role.name} (${grantText(grant)})`);
  return {
    type: 'paragraph',
    children: [
      strong(PERMISSION_LABEL),
      text(` ${who.length ? who.join(', ') : 'no built-in role'}. Permission: `),
      strong(permission.name),
      text('.'),
    ],
  };
}

async function load(spec: SpecSource, modelFile: string): Promise<Model> {
  const [api, modelText] = await Promise.all([apiModel(spec), fs.readFile(path.resolve(modelFile), 'utf8')]);
  return loadModel(modelText, api, modelFile);
}

/**
 * Replaces each `::product-model{show="roles|permissions|states"}` line with that table of the product
 * model (docs/product-model.yml, states read from the specification's enums), so the concept pages show
 * the model without copying it, and each `::permission{action="Area: action"}` line with the paragraph
 * saying which built-in roles hold that permission, so task pages never restate the model. An unknown
 * `show` or `action` fails the build with the file and line. The model is read only for pages that have
 * one of these lines.
 */
export default function remarkProductModel(options: { spec: SpecSource; model?: string }) {
  return async (tree: Node, file: File) => {
    const places: [Node, number][] = [];
    const find = (node: Node) =>
      node.children?.forEach((child, index) => {
        if (child.type === 'leafDirective' && (child.name === 'product-model' || child.name === 'permission'))
          places.push([node, index]);
        else find(child);
      });
    find(tree);
    if (!places.length) return;
    const model = await load(options.spec, options.model ?? MODEL_FILE);
    for (const [parent, index] of places) {
      const directive = parent.children![index];
      const where = () =>
        `${path.relative(process.cwd(), file.path ?? file.history?.[0] ?? 'a page')}:${directive.position?.start.line ?? '?'}`;
      if (directive.name === 'permission') {
        const permission = namedPermission(model, directive.attributes?.action);
        if (typeof permission === 'string') throw new Error(`${where()}: ${permission}`);
        parent.children![index] = permissionParagraph(model, permission);
        continue;
      }
      const show = directive.attributes?.show ?? '';
      const replacement = modelTable(model, show);
      if (!replacement)
        throw new Error(
          `${where()}: ::product-model needs show="roles", "permissions" or "states", not "${show}"`,
        );
      parent.children![index] = replacement;
    }
  };
}
