/** Reads the specification and the data file of extra cmdlets, and writes the generated cmdlet pages. */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { cmdletSlug, type CortexReference } from './model';
import { cmdletPage, cmdletTables } from './page';
import { buildReference, restPageId, type Extras, type Spec } from './reference';
import { CortexRuleError } from './rules';

/** The cmdlets that wrap no single operation, next to the specification. */
export const EXTRAS_FILE = 'openapi/cortex-cmdlets.yaml';
/** Where the cmdlet pages are generated (not committed), inside the API docs instance. */
export const CORTEX_DIR = 'api-docs/cortex';
/** The overview's table of all cmdlets, read by the overview's remark plugin. */
export const TABLES_FILE = `${CORTEX_DIR}/_cmdlets.md`;
/** The cmdlet pages grouped by tag, for the API sidebar. */
export const SIDEBAR_FILE = `${CORTEX_DIR}/sidebar.json`;

/** Sidebar categories, one per tag, of the cmdlet pages' doc ids. */
export function sidebarItems(reference: CortexReference) {
  return reference.tags.map((tag) => ({
    type: 'category' as const,
    label: tag.name,
    items: reference.cmdlets
      .filter((cmdlet) => cmdlet.tag === tag.name)
      .map((cmdlet) => `cortex/${cmdletSlug(cmdlet.name)}`),
  }));
}

/** The Cortex reference from a specification's text and the data file's text. */
export function referenceFromText(
  specText: string,
  extrasText: string,
  specFile: string,
  extrasFile = EXTRAS_FILE,
) {
  const spec = yaml.load(specText) as Spec;
  const extras = (yaml.load(extrasText) ?? { cmdlets: [] }) as Extras;
  if (!Array.isArray(extras.cmdlets)) throw new CortexRuleError(`${extrasFile}: expected a "cmdlets" list`);
  return buildReference(spec, extras, specFile, extrasFile);
}

/** The reference of a specification file (an http(s) specification is read by the caller). */
export function loadReference(specFile: string, root = process.cwd()): CortexReference {
  return referenceFromText(
    fs.readFileSync(path.resolve(root, specFile), 'utf8'),
    fs.readFileSync(path.resolve(root, EXTRAS_FILE), 'utf8'),
    specFile,
  );
}

/**
 * Writes one page per cmdlet and the overview's table; every REST page a cmdlet links to must exist in
 * `referenceDir` (generated first), so a cmdlet never links to a page that is not there.
 */
export function writeCortexPages(
  reference: CortexReference,
  root = process.cwd(),
  referenceDir = 'api-docs/reference',
) {
  const dir = path.resolve(root, CORTEX_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const cmdlet of reference.cmdlets) {
    for (const operation of cmdlet.operations) {
      const page = path.resolve(root, referenceDir, `${operation.page}.api.mdx`);
      if (!fs.existsSync(page))
        throw new CortexRuleError(
          `${cmdlet.name} links to ${path.relative(root, page)} for ${operation.operationId}, but no such page was generated (expected the id ${restPageId(operation.operationId)})`,
        );
    }
    fs.writeFileSync(path.join(dir, `${cmdletSlug(cmdlet.name)}.md`), cmdletPage(cmdlet));
  }
  fs.writeFileSync(path.resolve(root, TABLES_FILE), `${cmdletTables(reference)}\n`);
  fs.writeFileSync(path.resolve(root, SIDEBAR_FILE), JSON.stringify(sidebarItems(reference), null, 2));
  return reference.cmdlets.length;
}
