import crypto from 'node:crypto';
import path from 'node:path';
import { parseTree, walk } from '../content-model/parse';

/** Where the rendered diagrams live (committed; served as /img/diagrams/...). */
export const DIAGRAM_DIR = path.resolve(__dirname, '../../static/img/diagrams');
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** A diagram's file name stem: a hash of its source, so an edited diagram gets new images. */
export function diagramId(source: string): string {
  return crypto.createHash('sha256').update(source.trim()).digest('hex').slice(0, 16);
}

export const diagramFile = (id: string, theme: Theme) => path.join(DIAGRAM_DIR, `${id}.${theme}.svg`);

/**
 * The Mermaid blocks of a doc, with the line each starts on, as the site's parser finds them (the
 * ```mermaid code blocks remarkDiagrams replaces; a fence inside another code block is no diagram).
 * `file` names the doc: its extension says whether it is MDX.
 */
export function mermaidBlocks(markdown: string, file = 'page.md'): { source: string; line: number }[] {
  return [...walk(parseTree(file, markdown))]
    .filter((node) => node.type === 'code' && node.lang === 'mermaid')
    .map((node) => ({ source: node.value ?? '', line: node.position?.start.line ?? 0 }));
}

/**
 * Words for a diagram's alternative text: its accessible title and description when it has them,
 * otherwise the labels of its boxes and participants.
 */
export function diagramLabel(source: string): string {
  const title = /^\s*accTitle\s*:\s*(.+)$/m.exec(source)?.[1];
  const description = /^\s*accDescr\s*:\s*(.+)$/m.exec(source)?.[1];
  if (title || description) return [title, description].filter(Boolean).join('. ');
  const labels = [
    ...source.matchAll(
      /\[\s*"?([^\]"]+?)"?\s*\]|\(\s*"?([^()"]+?)"?\s*\)|\{\s*"?([^{}"]+?)"?\s*\}|participant\s+\S+\s+as\s+(.+)$|participant\s+(\S+)\s*$/gm,
    ),
  ]
    .map((match) =>
      (match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5] ?? '').replace(/<br\s*\/?>/g, ' ').trim(),
    )
    .filter(Boolean);
  const kind = /^\s*sequenceDiagram/m.test(source)
    ? 'Sequence diagram'
    : /^\s*stateDiagram/m.test(source)
      ? 'State diagram'
      : 'Diagram';
  const unique = [...new Set(labels)].slice(0, 12);
  return unique.length ? `${kind}: ${unique.join(', ')}` : kind;
}
