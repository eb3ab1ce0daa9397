import fs from 'node:fs';
import path from 'node:path';
import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

type Item = { type?: string; id?: string };

/** The generated reference's sidebar, grouped by tag (written by `npm run gen:api`). */
function generatedReference(): { overview: string; items: Item[] } {
  const file = path.join(__dirname, 'api-docs', 'reference', 'sidebar.ts');
  if (!fs.existsSync(file)) {
    throw new Error(
      `The API reference has not been generated: ${path.relative(process.cwd(), file)} is missing. ` +
        'Run "npm run gen:api" (npm start and npm run build run it for you).',
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(file);
  const items: Item[] = loaded.default ?? loaded;
  // The specification's own overview page becomes the category's landing page.
  const overview = items.find((item) => item.type === 'doc');
  if (!overview?.id) throw new Error(`${file}: no overview page was generated for the specification.`);
  return { overview: overview.id, items: items.filter((item) => item !== overview) };
}

const reference = generatedReference();

const sidebars: SidebarsConfig = {
  apiSidebar: [
    { type: 'link', label: '← All documentation', href: '/docs' },
    'api-intro',
    'rest',
    'cortex',
    {
      type: 'category',
      label: 'API reference',
      collapsed: false,
      link: { type: 'doc', id: reference.overview },
      items: reference.items as never[],
    },
  ],
};

export default sidebars;
