import path from 'node:path';
import { apiModel, type SpecSource } from '@services-manager-docs/core/api';
import {
  lifecycleMermaid,
  type Lifecycle,
  type LifecycleModel,
  type Transition,
} from '@services-manager-docs/core/api/lifecycle';
import { diagramFigure } from '../diagrams/remark';
import { referenceRoute } from '../api-mentions/operations';

type Node = {
  type: string;
  name?: string;
  value?: string;
  url?: string;
  attributes?: Record<string, string | null | undefined>;
  position?: { start: { line: number } };
  children?: Node[];
};
type File = { path?: string; history?: string[] };

const text = (value: string): Node => ({ type: 'text', value });
const code = (value: string): Node => ({ type: 'inlineCode', value });
/** Text from the specification: its `code spans` as inline code, the rest as text. */
const inline = (value: string): Node[] =>
  value
    .split(/`([^`]*)`/)
    .map((part, i) => (i % 2 ? code(part) : text(part)))
    .filter((node) => node.type === 'inlineCode' || node.value);
const joinWith = (separator: () => Node, groups: Node[][]): Node[] =>
  groups.flatMap((group, i) => (i ? [separator(), ...group] : group));
const orList = (nodes: Node[]): Node[] =>
  nodes.flatMap((node, i) => (i === 0 ? [node] : [text(i === nodes.length - 1 ? ' or ' : ', '), node]));

/** An operation as its summary, linked to its reference page. */
function operationLink(model: LifecycleModel, operationId: string): Node {
  const operation = model.operations.get(operationId)!;
  return {
    type: 'link',
    url: referenceRoute(operation),
    children: [text(operation.summary ?? `${operation.method} ${operation.path}`)],
  };
}

/** What causes a transition: ": Update a customer with …" or " when the … request completes". */
function cause(model: LifecycleModel, transition: Transition): Node[] {
  if (transition.operation)
    return [
      text(': '),
      operationLink(model, transition.operation),
      ...(transition.when ? [text(' '), ...inline(transition.when)] : []),
    ];
  return [text(' when '), ...inline(transition.event ?? '')];
}

/** The paragraph before the table: how a new one starts, and states nothing leads to. */
function intro(lifecycle: Lifecycle, model: LifecycleModel): Node {
  const created = lifecycle.transitions.filter((transition) => !transition.from);
  const starts = lifecycle.initial.map((state) => [
    code(state),
    ...joinWith(
      () => text(', or'),
      created.filter((transition) => transition.to === state).map((transition) => cause(model, transition)),
    ),
  ]);
  const reached = new Set(lifecycle.transitions.map((transition) => transition.to));
  const unreached = lifecycle.states.map((state) => state.name).filter((state) => !reached.has(state));
  const noun = lifecycle.noun;
  return {
    type: 'paragraph',
    children: [
      text(`${/^[aeio]/.test(noun) ? 'An' : 'A'} ${noun} starts in `),
      ...joinWith(() => text('; or in '), starts),
      text('.'),
      ...(unreached.length
        ? [
            text(` No operation or event in the API specification moves a ${noun} to `),
            ...orList(unreached.map(code)),
            text('.'),
          ]
        : []),
    ],
  };
}

/**
 * The table: each state with its meaning, the operations that act on it there (reads allowed in every
 * state are left out), and what moves it on.
 */
function table(lifecycle: Lifecycle, model: LifecycleModel): Node {
  const creators = new Set(
    lifecycle.transitions.filter((transition) => !transition.from).map((transition) => transition.operation),
  );
  const row = (cells: Node[][]): Node => ({
    type: 'tableRow',
    children: cells.map((children) => ({
      type: 'tableCell',
      children: children.length ? children : [text('—')],
    })),
  });
  const lineBreak = (): Node => ({ type: 'break' });
  const rows = lifecycle.states.map(({ name, meaning }) => {
    const allowed = Object.entries(lifecycle.operations)
      .filter(
        ([operationId, rule]) =>
          !creators.has(operationId) &&
          (!rule.states || rule.states.includes(name)) &&
          (rule.states || rule.condition || model.operations.get(operationId)?.method !== 'GET'),
      )
      .map(([operationId, rule]) => [
        operationLink(model, operationId),
        ...(rule.condition ? [text(' when '), ...inline(rule.condition)] : []),
      ]);
    const next = lifecycle.transitions
      .filter((transition) => transition.from?.includes(name))
      .map((transition) => [
        ...(transition.to ? [text('to '), code(transition.to)] : [text('deleted')]),
        ...cause(model, transition),
      ]);
    return row([[code(name)], inline(meaning), joinWith(lineBreak, allowed), joinWith(lineBreak, next)]);
  });
  return {
    type: 'table',
    children: [
      row(['State', 'Meaning', 'What you can do', 'What moves it on'].map((cell) => [text(cell)])),
      ...rows,
    ],
  };
}

/**
 * Replaces each `::lifecycle{schema="Customer"}` line with that schema's lifecycle from the
 * specification's `x-lifecycle`: its state diagram (pre-rendered by `npm run diagrams`), how a new one
 * starts, and a table of states. A schema without a lifecycle fails the build with the file and line.
 */
export default function remarkLifecycle(options: { spec: SpecSource }) {
  return async (tree: Node, file: File) => {
    const places: [Node, number][] = [];
    const find = (node: Node) =>
      node.children?.forEach((child, index) => {
        if (child.type === 'leafDirective' && child.name === 'lifecycle') places.push([node, index]);
        else find(child);
      });
    find(tree);
    if (!places.length) return;
    const model = (await apiModel(options.spec)).lifecycles;
    // From the last, so each splice leaves the earlier places where they were.
    for (const [parent, index] of places.reverse()) {
      const directive = parent.children![index];
      const where = `${path.relative(process.cwd(), file.path ?? file.history?.[0] ?? 'a page')}:${directive.position?.start.line ?? '?'}`;
      const schema = directive.attributes?.schema ?? '';
      const lifecycle = model.lifecycles.get(schema);
      if (!lifecycle?.states.length) {
        const names = [...model.lifecycles].filter(([name, l]) => l.schema === name && l.states.length);
        throw new Error(
          `${where}: ::lifecycle needs schema="…" naming a schema with a lifecycle (${names.map(([name]) => name).join(', ')}), not "${schema}"`,
        );
      }
      parent.children!.splice(
        index,
        1,
        diagramFigure(lifecycleMermaid(lifecycle), where),
        intro(lifecycle, model),
        table(lifecycle, model),
      );
    }
  };
}
