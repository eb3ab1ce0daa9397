import { grantText, MODEL_FILE, namedPermission, permissionAreas, type Model, type Role } from './model';
import { parseTree, walk } from '../content-model/parse';
import type { MdNode } from '../content-model/fromTree';

/** A single capitalised word: states are written so, identifiers such as job names are not. */
const STATE_WORD = /^[A-Z][a-z]+$/;
const STATUS_CONTEXT = /\b(status|state|states)\b/i;
const PERMISSION_CONTEXT = /permission|\bgrant(s|ed)?\b|\brole (holds|includes)/i;
/** Code right after one of these is a state ("moves to `Completed`", "shows every item as `Delivered`"). */
const CODE_STATE_BEFORE =
  /\b(status|state|becomes|moves (to|through)|stays (at|in)|changes to|reaches|is now|shows?(( \w+){0,3} as)?|lists? (\w+ ){0,3}as)( is| of| to)?\s*$/i;
/** Bold right after one of these is a state ("stays at **Calculating**"), not a UI label. */
const BOLD_STATE_BEFORE =
  /\b(status|state|becomes|moves (to|through)|stays at|set it to|changes to|is now)( is| of| to)?\s*$/i;
/** Values that read like states but are not any entity's (PowerShell and JSON booleans). */
const NOT_STATES = new Set(['True', 'False']);

/**
 * Lines of prose with their numbers: front matter and code blocks left out, found with the site's
 * Markdown parser (plugins/content-model). Rows of a table whose first column is headed "Status" or
 * "State" are marked: their first cell is a state. `file` decides MD or MDX.
 */
export function proseLines(
  source: string,
  file = 'page.md',
): { line: number; text: string; stateTable: boolean }[] {
  const skipped = new Set<number>();
  const stateRows = new Set<number>();
  const lines = (node: MdNode) => {
    const { start, end } = node.position ?? { start: { line: 0 }, end: { line: -1 } };
    return Array.from({ length: end.line - start.line + 1 }, (_, i) => start.line + i);
  };
  for (const node of walk(parseTree(file, source))) {
    if (node.type === 'code' || node.type === 'yaml') lines(node).forEach((line) => skipped.add(line));
    if (node.type === 'table') {
      const firstHeader = node.children?.[0]?.children?.[0];
      const text = (firstHeader?.children ?? []).map((child) => child.value ?? '').join('');
      if (/^\s*(status|state)\s*$/i.test(text)) lines(node).forEach((line) => stateRows.add(line));
    }
  }
  return source
    .split('\n')
    .map((text, i) => ({ line: i + 1, text, stateTable: stateRows.has(i + 1) }))
    .filter(({ line }) => !skipped.has(line));
}

/**
 * States and permissions a page writes that the product model does not have:
 * - a permission is bold text "Area: action" with a model area (`Users`, `Workspace` …) on a line
 *   about permissions, grants or roles;
 * - a state is one capitalised word (not a model name such as `Request`) in code on a line about a status or state, or in code or bold after
 *   a phrase such as "status", "stays at" or "set it to", or in code in a table with a status column.
 *   It must be a state of the model, another enum value of the specification, or a state of another
 *   system that the model declares.
 * Each problem reads `file:line: …`.
 */
export function factProblems(
  file: string,
  source: string,
  model: Model,
  enumValues: Set<string>,
  modelNames: Set<string> = new Set(),
): string[] {
  const external = new Set(model.otherStates.flatMap((entry) => entry.states));
  const areas = permissionAreas(model);
  const permissions = new Set(model.permissions.map((permission) => permission.name));
  const states = new Set([...enumValues, ...external, ...model.states.flatMap((entry) => entry.states)]);
  const problems: string[] = [];
  for (const { line, text, stateTable } of proseLines(source, file)) {
    for (const match of text.matchAll(/\*\*([^*]+)\*\*/g)) {
      const bold = match[1].trim();
      const area = /^([A-Z][a-z]+): \S/.exec(bold)?.[1];
      if (area && areas.has(area) && PERMISSION_CONTEXT.test(text) && !permissions.has(bold))
        problems.push(
          `${file}:${line}: permission **${bold}** is not in the product model (${[...permissions].filter((name) => name.startsWith(`${area}:`)).join(', ')})`,
        );
      const before = text.slice(0, match.index);
      const after = text.slice((match.index ?? 0) + match[0].length);
      const nextToStatus =
        BOLD_STATE_BEFORE.test(before.replace(/\*\*[^*]+\*\*( or| and|,)?\s*$/, '')) ||
        /^\s*(status|state)\b/i.test(after);
      if (STATE_WORD.test(bold) && nextToStatus && !states.has(bold))
        problems.push(
          `${file}:${line}: state **${bold}** is not a state of the product model or the specification`,
        );
    }
    for (const match of text.matchAll(/`([^`]+)`/g)) {
      const code = match[1];
      const before = text.slice(0, match.index).replace(/`[^`]+`( or| and|,)?\s*$/, '');
      // `Location` header, `status` property: a name, not a value.
      const name = /^\s*(header|URL|property|field|parameter|column|job|cmdlet|tab)\b/i.test(
        text.slice((match.index ?? 0) + match[0].length),
      );
      const firstCell = stateTable && /^\s*\|\s*$/.test(text.slice(0, match.index));
      const isState = firstCell || STATUS_CONTEXT.test(text) || CODE_STATE_BEFORE.test(before);
      const known = states.has(code) || NOT_STATES.has(code) || modelNames.has(code);
      if (isState && !name && STATE_WORD.test(code) && !known)
        problems.push(
          `${file}:${line}: state \`${code}\` is not a state of the product model or the specification`,
        );
    }
  }
  return problems;
}
