import crypto from 'node:crypto';
import path from 'node:path';

/** Where the rendered diagrams live (committed; served as /img/diagrams/...). */
export const DIAGRAM_DIR = path.resolve(__dirname, '../../static/img/diagrams');
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** A diagram's file name stem: a hash of its source, so an edited diagram gets new images. */
export function diagramId(source: string): string {
  return crypto.createHash('sha256').update(source.trim()).digest('hex').slice(0, 16);
}

export const diagramFile = (id: string, theme: Theme) => path.join(DIAGRAM_DIR, `${id}.${theme}.svg`);

/** The Mermaid blocks of a Markdown file, with the line each starts on. */
export function mermaidBlocks(markdown: string): { source: string; line: number }[] {
  const blocks: { source: string; line: number }[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(```+|~~~+)mermaid\s*$/.exec(lines[i]);
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j].trim().startsWith(open[2])) body.push(lines[j++]);
    blocks.push({ source: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
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
