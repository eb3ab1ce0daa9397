import fs from 'node:fs';
import path from 'node:path';
import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

/** The generated reference's own sidebar, grouped by tag (written by `npm run gen:api`). */
function generatedReference(): SidebarsConfig[string] {
  const file = path.join(__dirname, 'api-docs', 'reference', 'sidebar.ts');
  if (!fs.existsSync(file)) {
    throw new Error(
      `The API reference has not been generated: ${path.relative(process.cwd(), file)} is missing. ` +
        'Run "npm run gen:api" (npm start and npm run build run it for you).',
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file).default;
}

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
      link: { type: 'generated-index', title: 'REST API v2 reference', slug: '/reference' },
      items: generatedReference(),
    },
  ],
};

export default sidebars;
