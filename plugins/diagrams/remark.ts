import fs from 'node:fs';
import path from 'node:path';
import { baseUrl } from '../../site.links';
import { diagramFile, diagramId, diagramLabel, THEMES } from './shared';

type Node = {
  type: string;
  lang?: string;
  value?: string;
  position?: { start: { line: number } };
  data?: Record<string, unknown>;
  children?: Node[];
};
type File = { path?: string; history?: string[] };

const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute', name, value });

/**
 * A Mermaid diagram as its pre-rendered images (one per colour mode; CSS shows the one that matches).
 * A diagram without images throws naming `where` and the command that renders it.
 */
export function diagramFigure(source: string, where: string): Node {
  const id = diagramId(source);
  const missing = THEMES.filter((theme) => !fs.existsSync(diagramFile(id, theme)));
  if (missing.length)
    throw new Error(
      `${where}: this Mermaid diagram has no rendered image yet. Run "npm run diagrams" to render it (needs Chromium).`,
    );
  const alt = diagramLabel(source);
  // The image's own size, so the page keeps its layout while the image loads.
  const svg = fs.readFileSync(diagramFile(id, 'light'), 'utf8').slice(0, 500);
  const size = /^<svg width="(\d+)" height="(\d+)"/.exec(svg);
  return {
    type: 'mdxJsxFlowElement',
    name: 'figure',
    attributes: [attribute('className', 'diagram')],
    // The diagram's source, for the pages' Markdown twins (plugins/content-model).
    data: { diagram: source },
    children: THEMES.map((theme) => ({
      type: 'mdxJsxFlowElement',
      name: 'img',
      attributes: [
        attribute('src', `${baseUrl}img/diagrams/${id}.${theme}.svg`),
        attribute('alt', alt),
        ...(size ? [attribute('width', size[1]), attribute('height', size[2])] : []),
        attribute('className', `diagram__image diagram__image--${theme}`),
        attribute('loading', 'lazy'),
        attribute('decoding', 'async'),
      ],
      children: [],
    })),
  } as Node;
}

/**
 * Replaces each ```mermaid block with its pre-rendered images, so diagram pages load no diagram
 * renderer. A block without images fails the build with the file, the line and the command that
 * renders it.
 */
export default function remarkDiagrams() {
  return (tree: Node, file: File) => {
    const visit = (node: Node) => {
      node.children?.forEach((child, index) => {
        if (child.type !== 'code' || child.lang !== 'mermaid') return visit(child);
        const where = `${path.relative(process.cwd(), file.path ?? file.history?.[0] ?? 'a page')}:${child.position?.start.line ?? '?'}`;
        node.children![index] = diagramFigure(child.value ?? '', where);
      });
    };
    visit(tree);
  };
}
