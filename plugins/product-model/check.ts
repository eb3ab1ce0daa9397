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

/** What a verb does to its object, for the table of actions below. */
type Verb = 'manage' | 'view' | 'approve' | 'retry' | 'reset' | 'assign' | 'configure';
const VERBS: Record<Verb, string[]> = {
  manage: [
    'create',
    'add',
    'edit',
    'change',
    'update',
    'delete',
    'remove',
    'manage',
    'rename',
    'import',
    'publish',
  ],
  view: ['see', 'view', 'open', 'list'],
  approve: ['approve'],
  retry: ['retry', 'resubmit'],
  reset: ['reset'],
  assign: ['assign'],
  configure: ['configure', 'set up'],
};
/**
 * Which permission a verb and its object need: the object's words (singular; a plural "s" is allowed)
 * and, per kind of verb, the model's permission. A verb or object not listed makes a sentence a claim
 * the check cannot read, which is never a finding.
 */
const ACTIONS: { objects: string[]; needs: Partial<Record<Verb, string>> }[] = [
  { objects: ['password'], needs: { reset: 'Users: reset password', manage: 'Users: reset password' } },
  {
    objects: ['customer item'],
    needs: { manage: 'Workspace: manage customer items', assign: 'Workspace: assign items' },
  },
  { objects: ['Workspace role'], needs: { manage: 'Workspace: manage roles' } },
  {
    objects: ['item', 'Workspace item', 'list', 'Workspace list'],
    needs: { manage: 'Workspace: manage items', assign: 'Workspace: assign items' },
  },
  // A user plan is a plan given to a user, which customer administrators do: not Plans: manage.
  { objects: ['plan', 'customer plan'], needs: { manage: 'Plans: manage' } },
  { objects: ['request'], needs: { retry: 'Requests: retry', view: 'Requests: view' } },
  { objects: ['user'], needs: { manage: 'Users: manage', view: 'Users: view' } },
  {
    objects: ['invoice', 'billing', 'billing run', 'billing rule'],
    needs: { view: 'Billing: view', manage: 'Billing: manage', approve: 'Billing: approve' },
  },
  { objects: ['brand'], needs: { manage: 'Brands: manage' } },
  { objects: ['script'], needs: { manage: 'Scripts: manage' } },
  { objects: ['job'], needs: { manage: 'Jobs: manage' } },
  { objects: ['service'], needs: { configure: 'Services: configure' } },
  { objects: ['customer'], needs: { manage: 'Customers: manage', view: 'Customers: view' } },
  { objects: ['notification', 'notification template'], needs: { manage: 'Notifications: manage' } },
  { objects: ['role'], needs: { manage: 'Roles: manage' } },
];
/** Roles as prose writes them: "service provider", "provider", "reseller", "customer" before admin(s)/administrator(s). */
const ROLE_WORDS: Record<string, string> = {
  'service provider': 'Service Provider Admin',
  provider: 'Service Provider Admin',
  reseller: 'Reseller Admin',
  customer: 'Customer Admin',
};
/** Words that may stand between a verb and its object without narrowing the claim ("their own brand"). */
const OBJECT_WORDS = [
  'the',
  'a',
  'an',
  'new',
  'this',
  'their',
  'its',
  'own',
  'existing',
  'custom',
  'these',
  'those',
];
/** In a denial these make the object one thing ("cannot see a new customer" is a symptom, not a rule). */
const ONE_THING = /^(?:the|a|an|new|this|these|those)$/i;
/**
 * What may follow the object: the noun is then the whole object, not part of a longer name ("the Users
 * tab"), and the verb is not part of another action ("add items to a role", "remove plans from a user"
 * assign them; "the plan of a user" is the user's).
 */
const AFTER_OBJECT =
  /^(?:$|[,.;:!?)]|(?:in|for|on|at|with|within|under|across|that|which|who|and|or|but|so|as|by|through|via|when|if|unless|only|too|also|directly|instead|themselves|again|either|without)\b)/i;

const alternation = (words: string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/ /g, '\\s+'))
    .join('|');
const LEVELS = alternation(Object.keys(ROLE_WORDS));
/** A role, or several ("provider and reseller administrators"), with "only" before it when it is there. */
const ROLE = (model: Model) =>
  new RegExp(
    `\\b(only\\s+(?:the\\s+)?)?(?:((?:${LEVELS})(?:(?:\\s*,\\s*|,?\\s+(?:and|or)\\s+)(?:${LEVELS}))*)\\s+(?:admin|administrator)s?|(${alternation(model.roles.map((role) => role.name))})s?)(?:\\s+role)?\\b`,
    'gi',
  );
const CLAIM =
  /^\s+(?:also\s+)?(cannot|can['’]t|can\s+not|can|may\s+not|may|(?:is|are)\s+not\s+allowed\s+to|(?:is|are)\s+allowed\s+to)\s+(?:(?:also|only|still|then|now|directly)\s+)?/i;
const VERB_WORDS = alternation(Object.values(VERBS).flat());
const OBJECT_NOUNS = alternation(ACTIONS.flatMap((action) => action.objects));
const OBJECT = `(?:(?:${alternation(OBJECT_WORDS)})\\s+)*(${OBJECT_NOUNS})s?`;
/** "create or edit plans", "add users and roles": the verbs, then the objects, up to what follows them. */
const ACTION = new RegExp(
  `^((?:${VERB_WORDS})(?:(?:\\s*,\\s*|,?\\s+(?:and|or)\\s+)(?:${VERB_WORDS}))*)\\s+(${OBJECT}(?:(?:\\s*,\\s*|,?\\s+(?:and|or)\\s+)${OBJECT})*)\\b`,
  'i',
);
const SEPARATOR = /\s*,\s*|,?\s+(?:and|or)\s+/i;

/** A line as its reader sees it: links, emphasis, code marks and HTML tags taken away. */
const plainText = (line: string) =>
  line
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|__|`/g, '')
    .replace(/(^|[\s(])[*_](?=\S)|(?<=\S)[*_](?=[\s.,;:!?)]|$)/g, '$1')
    .replace(/<[^>]+>/g, '');

/** The permissions an action written in prose needs ("create items" needs **Workspace: manage items**). */
function neededPermissions(verbs: string, objects: string): string[] {
  const kinds = verbs
    .split(SEPARATOR)
    .map((verb) =>
      (Object.keys(VERBS) as Verb[]).find((kind) =>
        VERBS[kind].includes(verb.toLowerCase().replace(/\s+/g, ' ')),
      ),
    );
  const nouns = objects.split(SEPARATOR).map((object) =>
    object
      .toLowerCase()
      .replace(new RegExp(`^(?:(?:${alternation(OBJECT_WORDS)})\\s+)*`, 'i'), '')
      .replace(/\s+/g, ' ')
      .replace(/s$/, ''),
  );
  const needed = new Set<string>();
  for (const noun of nouns) {
    const action = ACTIONS.find((entry) => entry.objects.some((object) => object.toLowerCase() === noun));
    for (const kind of kinds) {
      const permission = kind && action?.needs[kind];
      if (permission) needed.add(permission);
    }
  }
  return [...needed];
}

/**
 * Sentences that say which role can or cannot do something the product model says otherwise, and
 * `::permission` lines naming no permission of the model. A claim is a role ("customer administrators",
 * "provider and reseller admins", "Reseller Admin") right before "can", "cannot", "can't", "may",
 * "may not", "is/are (not) allowed to" (or "only … can"), then a verb and object the table above maps to
 * a permission. It fails when a role said to be able lacks the permission, a role said to be unable
 * holds it (and nothing after the object narrows the claim), or, after "only", another role holds it.
 * Sentences it cannot map (an audience line, "can follow it too") are not findings.
 * Each problem reads `file:line: …` and says to write the `::permission` directive instead.
 */
export function permissionProblems(file: string, source: string, model: Model): string[] {
  const problems: string[] = [];
  const roleNamed = (words: string | undefined, name: string | undefined): Role[] => {
    const names = name
      ? [name]
      : (words ?? '').split(SEPARATOR).map((word) => ROLE_WORDS[word.toLowerCase().replace(/\s+/g, ' ')]);
    return model.roles.filter((role) =>
      names.some((found) => found?.toLowerCase() === role.name.toLowerCase()),
    );
  };
  const grantOf = (role: Role, permission: string) =>
    model.permissions.find((entry) => entry.name === permission)?.grants[model.roles.indexOf(role)] ?? 'No';
  const instead = (permission: string) =>
    `(${MODEL_FILE}); write ::permission{action="${permission}"} instead of naming roles`;

  for (const { line, text } of proseLines(source, file)) {
    const directive = /^\s*::permission(?:\{([^}]*)\})?\s*$/.exec(text);
    if (directive) {
      const action = /\baction=(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))/.exec(directive[1] ?? '');
      const found = namedPermission(model, action?.[1] ?? action?.[2] ?? action?.[3]);
      if (typeof found === 'string') problems.push(`${file}:${line}: ${found}`);
      continue;
    }
    for (const clause of plainText(text).split(/[.!?](?=\s|$)|[;|]|\s[—–]\s|:\s/)) {
      for (const match of clause.matchAll(ROLE(model))) {
        const [roleText, only, levels, name] = match;
        // A role's own name counts as written in the model; a one-word name (User) only as "the User role".
        if (name && !model.roles.some((role) => role.name === name)) continue;
        if (name && !/\s/.test(name) && !/\s+role$/i.test(roleText)) continue;
        const roles = roleNamed(levels, name);
        // "As a reseller administrator, you can …" is the same claim.
        const start = match.index ?? 0;
        const afterRole = clause.slice(start + roleText.length);
        const you = /\bas\s+an?\s+$/i.test(clause.slice(0, start))
          ? (/^,\s*you\b/i.exec(afterRole)?.[0] ?? '')
          : '';
        const rest = afterRole.slice(you.length);
        const claim = CLAIM.exec(rest);
        if (!roles.length || !claim) continue;
        const afterClaim = rest.slice(claim[0].length);
        const action = ACTION.exec(afterClaim);
        if (!action) continue;
        const after = afterClaim.slice(action[0].length).trimStart();
        if (!AFTER_OBJECT.test(after)) continue;
        const negative = /not|n['’]t/i.test(claim[1]);
        // "cannot see customers of other resellers", "cannot see a new customer": a denial of less than the action.
        const narrowed =
          !/^(?:$|[,.;:!?)])/.test(after) || action[2].split(/\s+/).some((word) => ONE_THING.test(word));
        const end = start + roleText.length + you.length + claim[0].length + action[0].length;
        const quote = `"${clause.slice(start, end).replace(/\s+/g, ' ').trim()}"`;
        const known = (permission: string) => model.permissions.some((entry) => entry.name === permission);
        for (const permission of neededPermissions(action[1], action[2]).filter(known)) {
          for (const role of roles) {
            const grant = grantOf(role, permission);
            if (!negative && grant === 'No')
              problems.push(
                `${file}:${line}: ${quote} — ${role.name} does not hold **${permission}** ${instead(permission)}`,
              );
            if (negative && grant !== 'No' && !narrowed)
              problems.push(
                `${file}:${line}: ${quote} — ${role.name} holds **${permission}** (${grantText(grant)}) ${instead(permission)}`,
              );
          }
          if (only && !negative && !narrowed)
            for (const role of model.roles.filter((other) => !roles.includes(other))) {
              const grant = grantOf(role, permission);
              if (grant !== 'No')
                problems.push(
                  `${file}:${line}: ${quote} — ${role.name} also holds **${permission}** (${grantText(grant)}) ${instead(permission)}`,
                );
            }
        }
      }
    }
  }
  return problems;
}
