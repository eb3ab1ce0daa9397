import fs from 'node:fs';
import path from 'node:path';
import { TABLES_FILE } from './load';

type Node = { type: string; value?: string; children?: Node[] };
type Processor = { parse: (text: string) => Node };

/** Where the Cortex overview wants the generated table of all cmdlets. */
export const TABLES_MARKER = '<!-- cortex-cmdlets -->';

/**
 * Replaces the marker in a page with the table of all cmdlets that `npm run gen:api` wrote, parsed by
 * the page's own Markdown processor so the headings and links are ordinary Markdown.
 */
export default function remarkCortexTables(this: Processor, options: { siteDir: string }) {
  return (tree: Node) => {
    const index = tree.children?.findIndex(
      (node) => node.type === 'html' && node.value?.trim() === TABLES_MARKER,
    );
    if (index === undefined || index < 0) return;
    const file = path.join(options.siteDir, TABLES_FILE);
    if (!fs.existsSync(file))
      throw new Error(
        `${TABLES_FILE} is missing: run "npm run gen:api" (npm start and npm run build run it for you).`,
      );
    const table = this.parse(fs.readFileSync(file, 'utf8'));
    tree.children?.splice(index, 1, ...(table.children ?? []));
  };
}
