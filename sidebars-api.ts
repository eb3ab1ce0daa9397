import fs from 'node:fs';
import path from 'node:path';
import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

type Item = { type?: string; id?: string };

/** A file `npm run gen:api` writes, or an error saying to run it. */
function generatedFile(...segments: string[]): string {
  const file = path.join(__dirname, 'api-docs', ...segments);
  if (!fs.existsSync(file)) {
    throw new Error(
      `The API reference has not been generated: ${path.relative(process.cwd(), file)} is missing. ` +
        'Run "npm run gen:api" (npm start and npm run build run it for you).',
    );
  }
  return file;
}

/** The generated reference's sidebar: its overview page, then a category per tag. */
function generatedReference(): { overview: string; items: Item[] } {
  const file = generatedFile('reference', 'sidebar.json');
  const items: Item[] = JSON.parse(fs.readFileSync(file, 'utf8'));
  // The specification's own overview page becomes the category's landing page.
  const overview = items.find((item) => item.type === 'doc');
  if (!overview?.id) throw new Error(`${file}: no overview page was generated for the specification.`);
  return { overview: overview.id, items: items.filter((item) => item !== overview) };
}

const reference = generatedReference();
/** The API changelog, generated beside the reference pages (plugins/api-kit). */
const changelog = `reference/${path.basename(generatedFile('reference', 'api-changelog.md'), '.md')}`;
/** The Cortex cmdlet pages, grouped by tag. */
const cmdlets: Item[] = JSON.parse(fs.readFileSync(generatedFile('cortex', 'sidebar.json'), 'utf8'));

const sidebars: SidebarsConfig = {
  apiSidebar: [
    { type: 'link', label: '← All documentation', href: '/docs' },
    'api-intro',
    'rest',
    'rest-walkthrough',
    changelog,
    {
      type: 'category',
      label: 'Cortex PowerShell',
      link: { type: 'doc', id: 'cortex' },
      items: cmdlets as never[],
    },
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
