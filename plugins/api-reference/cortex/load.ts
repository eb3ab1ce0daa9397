/** The Cortex reference of the API model, and the generated cmdlet pages. */
import fs from 'node:fs';
import path from 'node:path';
import { apiModel, type LoadOptions, type SpecSource } from '@services-manager-docs/core/api';
import { cmdletSlug, type CortexReference } from './model';
import { cmdletPage, cmdletTables } from './page';
import { buildReference, restPageId } from './reference';
import { CortexRuleError } from './rules';

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

/** The Cortex reference of a specification (path or URL) and the cmdlets file, read once per process. */
export async function loadReference(source: SpecSource, options: LoadOptions = {}): Promise<CortexReference> {
  return buildReference(await apiModel(source, options));
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
