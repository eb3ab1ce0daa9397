/**
 * `npm run diagrams`: renders every ```mermaid block in the docs and every lifecycle's state diagram
 * (from the specification) to SVG images, one for light and one for dark mode, in static/img/diagrams/ (committed with the docs), and removes images no block uses.
 * Images already rendered are kept, so the browser starts only when a diagram is new or changed.
 * Runs before `npm start` and `npm run build`; with nothing to render it needs no browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBrowser } from './browser';
import { listMarkdown } from './content';
import { apiModel, apiSpecSource } from '@services-manager-docs/core/api';
import { lifecycleMermaid } from '@services-manager-docs/core/api/lifecycle';
import {
  DIAGRAM_DIR,
  diagramFile,
  diagramId,
  mermaidBlocks,
  THEMES,
  type Theme,
} from '../plugins/diagrams/shared';

const CONTENT_DIRS = ['docs', 'api-docs'];

/** Sets the SVG's own width and height from its viewBox, so an <img> of it has an intrinsic size. */
export function sized(svg: string): string {
  const box = /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box) throw new Error('a rendered diagram has no viewBox');
  const [width, height] = [Math.ceil(Number(box[3])), Math.ceil(Number(box[4]))];
  return svg
    .replace(/^<svg([^>]*?)\swidth="[^"]*"/, '<svg$1')
    .replace(/^<svg/, `<svg width="${width}" height="${height}"`);
}

/**
 * Every diagram the site shows, by id: the Mermaid blocks of the docs and the state diagram of each
 * lifecycle in the specification (x-lifecycle), which `::lifecycle` shows on the concept pages.
 */
export async function wantedDiagrams(): Promise<Map<string, string>> {
  const wanted = new Map<string, string>();
  for (const file of CONTENT_DIRS.flatMap(listMarkdown))
    for (const block of mermaidBlocks(fs.readFileSync(file, 'utf8')))
      wanted.set(diagramId(block.source), block.source);
  const source = apiSpecSource();
  for (const [name, lifecycle] of (await apiModel(source)).lifecycles.lifecycles)
    if (lifecycle.schema === name && lifecycle.states.length) {
      const diagram = lifecycleMermaid(lifecycle);
      wanted.set(diagramId(diagram), diagram);
    }
  return wanted;
}

async function main() {
  const wanted = await wantedDiagrams();
  fs.mkdirSync(DIAGRAM_DIR, { recursive: true });
  const missing = [...wanted].filter(([id]) =>
    THEMES.some((theme) => !fs.existsSync(diagramFile(id, theme))),
  );
  if (missing.length) {
    console.log(`[diagrams] rendering ${missing.length} new or changed diagram(s) in Chromium`);
    const browser = await chromium.launch({ executablePath: ensureBrowser(), args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.addScriptTag({ path: require.resolve('mermaid/dist/mermaid.min.js') });
      for (const theme of THEMES) {
        for (const [id, source] of missing) {
          const svg = await page.evaluate(
            async ({ source, theme, id }) => {
              const mermaid = (window as unknown as { mermaid: typeof import('mermaid').default }).mermaid;
              mermaid.initialize({
                startOnLoad: false,
                theme: theme === 'dark' ? 'dark' : 'default',
                // Plain SVG text, which an <img> can show (HTML labels need foreignObject).
                flowchart: { htmlLabels: false },
                securityLevel: 'strict',
              });
              const { svg } = await mermaid.render(`d${id}`, source);
              // Mermaid returns HTML markup (such as <br>); an <img> needs well-formed XML.
              const element = new DOMParser().parseFromString(svg, 'text/html').querySelector('svg');
              if (!element) throw new Error(`diagram ${id} rendered no SVG`);
              return new XMLSerializer().serializeToString(element);
            },
            { source, theme: theme as Theme, id },
          );
          fs.writeFileSync(diagramFile(id, theme), sized(svg));
        }
      }
    } finally {
      await browser.close();
    }
  }
  let removed = 0;
  for (const file of fs.readdirSync(DIAGRAM_DIR)) {
    if (!wanted.has(file.split('.')[0])) {
      fs.rmSync(path.join(DIAGRAM_DIR, file));
      removed++;
    }
  }
  console.log(
    `[diagrams] ${wanted.size} diagrams: ${missing.length} rendered, ${removed} stale images removed`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: unknown) => {
    console.error(`[diagrams] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
