/**
 * What changed in the REST API between the last released specification (`openapi/released/`) and the
 * current one, by operation, each change classified as breaking or not by api-smart-diff, and the
 * changelog (`openapi/released/changelog.yml`) that records each release and acknowledges each breaking
 * change before it ships. The gate (./__tests__/breaking-changes.test.ts) fails on a breaking change the
 * changelog does not name; the changelog page and the cmdlet pages show the changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { apiCompare, type Diff } from 'api-smart-diff';
import {
  HTTP_METHODS,
  SpecError,
  toOpenApi3,
  type ApiModel,
  type OpenApiDocument,
} from '@services-manager-docs/core/api';

/** The last released specification and the changelog, relative to the site. */
export const RELEASED_DIR = 'openapi/released';
export const RELEASED_SPEC = `${RELEASED_DIR}/services-manager-v2.yaml`;
export const CHANGELOG_FILE = `${RELEASED_DIR}/changelog.yml`;

/** Which part of an operation a change touches; the cmdlet pages show the request's. */
export type ChangePart = 'operation' | 'parameter' | 'request' | 'response' | 'security' | 'api';

export type ApiChange = {
  /** The operation's id (in the specification that has it), or '' for a change to the whole API. */
  operation: string;
  /** Upper case, with the path as the specification writes it; absent for a change to the whole API. */
  method?: string;
  path?: string;
  /** The change in words: "Removed operation DELETE /customers/{customerId}". */
  change: string;
  breaking: boolean;
  part: ChangePart;
};

/** A change the changelog names, with its human note; a release records whether it broke clients and where. */
export type ChangelogEntry = {
  operation: string;
  change: string;
  note?: string;
  breaking?: boolean;
  part?: ChangePart;
};

const PART_NAMES: readonly ChangePart[] = [
  'operation',
  'parameter',
  'request',
  'response',
  'security',
  'api',
];

export type Release = {
  version: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** What the release means for integrations, written by people. */
  note: string;
  /** The release's changes by operation, recorded when it was released. */
  changes: ChangelogEntry[];
};

export type Changelog = {
  /** Newest first; the first is the release `openapi/released/` holds. */
  releases: Release[];
  /** Changes made since the last release, with their notes: every breaking one must be here. */
  unreleased: { note?: string; changes: ChangelogEntry[] };
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The changelog file's text as data; anything missing or misshapen throws naming the file. */
export function parseChangelog(text: string, file = CHANGELOG_FILE): Changelog {
  const fail = (problem: string): never => {
    throw new SpecError(`${file}: ${problem}`);
  };
  let raw: unknown;
  try {
    raw = yaml.load(text);
  } catch (error) {
    return fail(`not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!isObject(raw) || !Array.isArray(raw.releases) || !raw.releases.length)
    return fail('expected a "releases" list with the last release first');
  const entries = (list: unknown, where: string): ChangelogEntry[] => {
    if (list === undefined || list === null) return [];
    if (!Array.isArray(list)) return fail(`${where}: "changes" must be a list`);
    return list.map((entry, i) => {
      if (!isObject(entry) || typeof entry.operation !== 'string' || typeof entry.change !== 'string')
        fail(
          `${where}, change ${i + 1}: needs "operation" (an operation id, '' for the whole API) and "change"`,
        );
      const { operation, change, note, breaking, part } = entry as Record<string, unknown>;
      if (part !== undefined && !PART_NAMES.includes(part as ChangePart))
        fail(`${where}, change ${i + 1}: "part" must be one of ${PART_NAMES.join(', ')}`);
      return {
        operation: operation as string,
        change: change as string,
        ...(typeof note === 'string' && note.trim() ? { note: note.trim() } : {}),
        ...(typeof breaking === 'boolean' ? { breaking } : {}),
        ...(part ? { part: part as ChangePart } : {}),
      };
    });
  };
  const releases = raw.releases.map((release, i): Release => {
    if (!isObject(release)) return fail(`release ${i + 1} is not a mapping`);
    const { version, date, note, changes } = release;
    const name = typeof version === 'string' ? version : `release ${i + 1}`;
    if (typeof version !== 'string' || !/^\d+\.\d+\.\d+/.test(version))
      fail(`${name}: "version" must be a version such as 1.0.1 (quote it)`);
    const day = date instanceof Date ? date.toISOString().slice(0, 10) : date;
    if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day))
      fail(`${name}: "date" must be YYYY-MM-DD`);
    if (typeof note !== 'string' || !note.trim()) fail(`${name}: needs a "note" saying what it means`);
    return {
      version: version as string,
      date: day as string,
      note: (note as string).trim(),
      changes: entries(changes, name),
    };
  });
  const unreleased = isObject(raw.unreleased) ? raw.unreleased : {};
  return {
    releases,
    unreleased: {
      ...(typeof unreleased.note === 'string' && unreleased.note.trim()
        ? { note: unreleased.note.trim() }
        : {}),
      changes: entries(unreleased.changes, 'unreleased'),
    },
  };
}

const CHANGELOG_HEADER = `# The REST API v2's changelog: what each release changed, by operation, with a note for integrations.
#
# openapi/released/services-manager-v2.yaml is the specification of the first release below. The gate
# compares openapi/services-manager-v2.yaml with it and fails on a breaking change (a removed operation,
# a new required parameter, fewer accepted values, another response type …) that "unreleased" does not
# name; its message gives the entries to add. The API changelog page lists the releases and the
# changes since the last one.
#
# To release: npm run api:release -- <version> [YYYY-MM-DD]. It records the changes since the last
# release (with the notes of "unreleased") as the new release and copies the specification here.
`;

const UNRELEASED_HEADER = `# Changes made to the specification since the last release. Every breaking change needs an entry:
#   - operation: listCustomers          # the operation id ('' for the API as a whole)
#     change: Added required query parameter \`region\`   # as the gate's message words it
#     note: What integrations must do about it.
`;

/** The changelog file's text, as \`npm run api:release\` writes it. */
export function changelogText(changelog: Changelog): string {
  const dump = (value: unknown) => yaml.dump(value, { lineWidth: 100, noRefs: true });
  return [
    CHANGELOG_HEADER,
    dump({ releases: changelog.releases }),
    '\n',
    UNRELEASED_HEADER,
    dump({ unreleased: { note: changelog.unreleased.note ?? '', changes: changelog.unreleased.changes } }),
  ].join('');
}

export function readChangelog(root = process.cwd()): Changelog {
  const file = path.resolve(root, CHANGELOG_FILE);
  if (!fs.existsSync(file)) throw new SpecError(`${CHANGELOG_FILE}: file not found`);
  return parseChangelog(fs.readFileSync(file, 'utf8'), CHANGELOG_FILE);
}

/**
 * The released specification in the OpenAPI 3 shape. It was valid when it was released, so it is only
 * converted here, as the API model converts the current one.
 */
export async function releasedDocument(root = process.cwd()): Promise<OpenApiDocument> {
  const file = path.resolve(root, RELEASED_SPEC);
  if (!fs.existsSync(file)) throw new SpecError(`${RELEASED_SPEC}: file not found`);
  const parsed = yaml.load(fs.readFileSync(file, 'utf8'));
  if (!isObject(parsed)) throw new SpecError(`${RELEASED_SPEC}: not a specification`);
  return toOpenApi3(parsed, RELEASED_SPEC);
}

type Json = Record<string, unknown>;

/** A local `$ref`'s target, followed until it is not a reference. */
function resolve(document: unknown, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    current = pointer.reduce<unknown>(
      (at, segment) =>
        isObject(at) ? at[decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined,
      document,
    );
  }
  return current;
}

const TIDY = /^\[(Added|Removed|Replaced|Renamed)\]\s*/;

/** The library's description, read as a sentence: "[Removed] Response 404" → "Removed Response 404". */
const tidy = (description: string) => description.replace(TIDY, '$1 ').replace(/\s+/g, ' ').trim();

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * An operation's parameter as the library indexes them: the operation's own, then its path's (the
 * library's path-item transform appends them).
 */
function parameterOf(
  document: OpenApiDocument,
  route: string,
  method: string,
  index: number,
): Json | undefined {
  const item = resolve(document, document.paths?.[route]);
  const operation = isObject(item) ? resolve(document, item[method]) : undefined;
  if (!isObject(item) || !isObject(operation)) return undefined;
  const list = [
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
    ...(Array.isArray(item.parameters) ? item.parameters : []),
  ];
  const parameter = resolve(document, list[index]);
  return isObject(parameter) ? parameter : undefined;
}

const parameterName = (parameter: Json) => `${String(parameter.in)} parameter \`${String(parameter.name)}\``;

/**
 * A change in words, from the library's description; what a change does to a parameter is said from
 * the documents (the library calls every added parameter required, and names the wrong parameter when
 * a shared one changes).
 */
function describe(
  diff: Diff,
  [before, after]: [OpenApiDocument, OpenApiDocument],
  method: string,
  route: string,
): string {
  const rest = diff.path.slice(3);
  const verb = { add: 'Added', remove: 'Removed', replace: 'Changed', rename: 'Renamed' }[diff.action];
  if (!rest.length) return `${verb} operation ${method} ${route}`;
  if (rest[0] === 'parameters' && rest.length === 2) {
    const parameter = resolve(
      diff.action === 'add' ? after : before,
      diff.action === 'add' ? diff.after : diff.before,
    );
    if (isObject(parameter) && typeof parameter.name === 'string')
      return diff.action === 'add'
        ? `Added ${parameter.required ? 'required' : 'optional'} ${parameterName(parameter)}`
        : `${verb} ${parameterName(parameter)}`;
  }
  if (rest[0] === 'parameters' && rest.length === 3 && rest[2] === 'required') {
    const parameter = parameterOf(before, route, method.toLowerCase(), Number(rest[1]));
    const required = diff.action === 'replace' ? Boolean(diff.after) : diff.action === 'add';
    if (parameter) return `${capital(parameterName(parameter))} is now ${required ? 'required' : 'optional'}`;
  }
  if (diff.description) return tidy(diff.description);
  return `${verb} ${rest.join('.')}`;
}

const PARTS: Record<string, ChangePart> = {
  parameters: 'parameter',
  requestBody: 'request',
  responses: 'response',
  security: 'security',
};

/**
 * Classifies a diff. api-smart-diff's rules decide, with one correction: a schema's `type` replaced by
 * another breaks clients on either side (the library reverses its rule for responses and calls a
 * response's new type non-breaking).
 */
function isBreaking(diff: Diff): boolean {
  if (diff.type === 'breaking') return true;
  const last = diff.path[diff.path.length - 1];
  return diff.action === 'replace' && last === 'type' && diff.path.includes('schema');
}

/** Keys whose changes are documentation, not the API: examples and vendor extensions (not properties so named). */
const NOT_API = /^(examples?|x-.*)$/;

/**
 * Every change from `before` to `after` (both in the OpenAPI 3 shape), by operation, in the documents'
 * order: what clients see of the operations and the API as a whole. Documentation (descriptions,
 * summaries, examples) and vendor extensions are not changes to the API; named schemas appear through
 * the operations that use them.
 */
export function apiChanges(before: OpenApiDocument, after: OpenApiDocument): ApiChange[] {
  const { diffs } = apiCompare(before, after);
  const changes: ApiChange[] = [];
  const seen = new Map<string, ApiChange>();
  for (const diff of diffs) {
    if (diff.type === 'annotation' || diff.path[0] === 'components') continue;
    // A tag's description is documentation too, though the library does not mark it so.
    if (diff.path[0] === 'tags' && diff.path.at(-1) === 'description') continue;
    if (diff.path.some((key, i) => NOT_API.test(String(key)) && diff.path[i - 1] !== 'properties')) continue;
    let change: ApiChange;
    if (diff.path[0] === 'paths' && diff.path.length >= 3) {
      const [, route, method] = diff.path.map(String);
      if (!HTTP_METHODS.includes(method as never)) continue;
      const operation =
        (resolve(after, (after.paths?.[route] as Json | undefined)?.[method]) as Json | undefined) ??
        (resolve(before, (before.paths?.[route] as Json | undefined)?.[method]) as Json | undefined);
      const id = typeof operation?.operationId === 'string' ? operation.operationId : `${method} ${route}`;
      change = {
        operation: id,
        method: method.toUpperCase(),
        path: route,
        change: describe(diff, [before, after], method.toUpperCase(), route),
        breaking: isBreaking(diff),
        part: diff.path.length === 3 ? 'operation' : (PARTS[String(diff.path[3])] ?? 'operation'),
      };
    } else if (diff.path[0] === 'paths' && diff.path.length === 2) {
      // A whole path added or removed: each of its operations is reported on its own.
      continue;
    } else {
      change = {
        operation: '',
        change: diff.description ? tidy(diff.description) : `${capital(diff.action)} ${diff.path.join('.')}`,
        breaking: isBreaking(diff),
        part: diff.path[0] === 'security' ? 'security' : 'api',
      };
    }
    const key = `${change.operation}\n${change.change}`;
    const known = seen.get(key);
    if (known) {
      known.breaking ||= change.breaking;
      continue;
    }
    seen.set(key, change);
    changes.push(change);
  }
  return changes;
}

/** A changelog entry is for a change when both name the same operation and the same change. */
export const sameChange = (entry: Pick<ChangelogEntry, 'operation' | 'change'>, change: ApiChange) =>
  entry.operation === change.operation && entry.change === change.change;

export type ChangelogCheck = {
  /** Breaking changes the changelog's `unreleased` section does not name. */
  unacknowledged: ApiChange[];
  /** Entries of `unreleased` that name no change the specification has. */
  stale: ChangelogEntry[];
};

/** The gate's check of the changes since the last release against the changelog. */
export function checkChangelog(changes: ApiChange[], changelog: Changelog): ChangelogCheck {
  const entries = changelog.unreleased.changes;
  return {
    unacknowledged: changes.filter(
      (change) => change.breaking && !entries.some((entry) => sameChange(entry, change)),
    ),
    stale: entries.filter((entry) => !changes.some((change) => sameChange(entry, change))),
  };
}

/** The entries to add to `unreleased.changes` for the given changes, as YAML to paste. */
export function entriesYaml(changes: ApiChange[]): string {
  return yaml.dump(
    changes.map((change) => ({
      operation: change.operation,
      change: change.change,
      note: 'What integrations must do about it.',
    })),
    { lineWidth: -1 },
  );
}

/** The failure message of the gate, or undefined when the changelog covers every breaking change. */
export function checkMessage(check: ChangelogCheck, released: string): string | undefined {
  const lines: string[] = [];
  if (check.unacknowledged.length)
    lines.push(
      `${check.unacknowledged.length} breaking change(s) since release ${released} have no entry in ${CHANGELOG_FILE}.`,
      'Clients built on the released specification can fail on them. Undo the change, or add these entries to',
      '"unreleased: changes:" with a note saying what integrations must do:',
      '',
      entriesYaml(check.unacknowledged),
    );
  if (check.stale.length)
    lines.push(
      `${CHANGELOG_FILE}: ${check.stale.length} "unreleased" entr${check.stale.length === 1 ? 'y names' : 'ies name'} a change the specification does not have:`,
      ...check.stale.map((entry) => `- ${entry.operation || '(the API)'}: ${entry.change}`),
    );
  return lines.length ? lines.join('\n') : undefined;
}

/** The API's changes: each release as recorded, and what changed since the last one. */
export type ApiChangelog = {
  changelog: Changelog;
  /** The changes from the released specification to the current one. */
  pending: ApiChange[];
  /** The current model's operation ids, to link the changes of operations that still exist. */
  operations: Set<string>;
  /**
   * The current specification's title and `info.version`: the version of the REST API it describes,
   * which the page tells apart from the release numbers of the specification document.
   */
  api?: { title: string; version?: string };
};

/** Reads the released specification and the changelog, and compares the model with the release. */
export async function loadApiChangelog(model: ApiModel, root = process.cwd()): Promise<ApiChangelog> {
  const [changelog, released] = [readChangelog(root), await releasedDocument(root)];
  return {
    changelog,
    pending: apiChanges(released, model.document),
    operations: new Set(model.operations.map((operation) => operation.operationId)),
    api: { title: model.title, version: model.version },
  };
}

/**
 * Records a release: the pending changes (with the notes `unreleased` gives them) become the release's
 * changes under `version` and `date`, and `unreleased` is emptied. The caller then copies the current
 * specification to `openapi/released/` (./release.ts does both).
 */
export function recordRelease(
  { changelog, pending }: Pick<ApiChangelog, 'changelog' | 'pending'>,
  version: string,
  date: string,
  note?: string,
): Changelog {
  if (changelog.releases.some((release) => release.version === version))
    throw new SpecError(`${CHANGELOG_FILE}: release ${version} is recorded already`);
  const text = note ?? changelog.unreleased.note;
  if (!text) throw new SpecError(`${CHANGELOG_FILE}: give the release a note ("unreleased: note:")`);
  const changes = pending.map((change): ChangelogEntry => {
    const entry = changelog.unreleased.changes.find((candidate) => sameChange(candidate, change));
    return {
      operation: change.operation,
      change: change.change,
      breaking: change.breaking,
      part: change.part,
      ...(entry?.note ? { note: entry.note } : {}),
    };
  });
  return {
    releases: [{ version, date, note: text, changes }, ...changelog.releases],
    unreleased: { changes: [] },
  };
}
