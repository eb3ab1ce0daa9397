/** Turns a doc's Markdown/MDX source into clean Markdown for readers and language models. */

export type ExportMeta = {
  title: string;
  description: string;
  tags: string[];
  canonicalUrl: string;
  /** Resolves a link target written in the source to the URL the copy should link to. */
  resolveLink: (target: string) => string;
  /** The pages a DocCardList on this page stands for (a generated index lists its children). */
  children?: { title: string; url: string; description?: string }[];
};

const yamlString = (value: string) => JSON.stringify(value);

const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
};

/** `:::note[Title]` … `:::` blocks as blockquotes, keeping everything inside them. */
function admonitions(lines: string[]): string[] {
  const out: string[] = [];
  let open: { label: string; first: boolean } | undefined;
  let fence = false;
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const start = !fence && /^:::(\w+)(?:\[(.*)\])?\s*(.*)$/.exec(line);
    if (start && ADMONITION_LABELS[start[1]] && !open) {
      open = { label: start[2] || start[3] || ADMONITION_LABELS[start[1]], first: true };
      continue;
    }
    if (!fence && open && /^:::\s*$/.test(line)) {
      open = undefined;
      while (out.at(-1) === '>') out.pop();
      continue;
    }
    if (!open) {
      out.push(line);
      continue;
    }
    if (open.first && line.trim()) {
      out.push(`> **${open.label}:** ${line}`);
      open.first = false;
    } else if (!open.first || line.trim()) out.push(line ? `> ${line}` : '>');
  }
  return out;
}

export function toMarkdown(source: string, meta: ExportMeta): string {
  const body = source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
  const lines: string[] = [];
  let fence = false;
  let skipBlock = false;
  for (const raw of body.split('\n')) {
    let line = raw;
    if (/^\s*```mdx-code-block/.test(line)) {
      skipBlock = true;
      if (meta.children?.length) {
        lines.push(
          ...meta.children.map(
            (child) => `- [${child.title}](${child.url})${child.description ? `: ${child.description}` : ''}`,
          ),
        );
      }
      continue;
    }
    if (skipBlock) {
      if (/^\s*```\s*$/.test(line)) skipBlock = false;
      continue;
    }
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (!fence) {
      if (/^import\s.+from\s.+;?\s*$/.test(line)) continue;
      if (/^\s*<\/?(Tabs|TableFilter)\b[^>]*>\s*$/.test(line) || /^\s*<\/TabItem>\s*$/.test(line)) continue;
      const tab = /^\s*<TabItem\b[^>]*\blabel="([^"]*)"[^>]*>\s*$/.exec(line);
      if (tab) {
        lines.push(`**${tab[1]}**`);
        continue;
      }
      line = line
        .replace(/\s*\\?\{#[\w-]+\\?\}\s*$/, '')
        .replace(/<code>\{"([^"]*)"\}<\/code>/g, '`$1`')
        .replace(/<span className="api-badge[^"]*">(\w+)<\/span>/g, '**$1**')
        .replace(/<\/?p\b[^>]*>/g, '')
        .replace(/\]\(([^)\s]+)\)/g, (_match, target: string) => `](${meta.resolveLink(target)})`);
    }
    lines.push(line);
  }
  const frontMatter = [
    '---',
    `title: ${yamlString(meta.title)}`,
    `description: ${yamlString(meta.description)}`,
    `tags: [${meta.tags.map(yamlString).join(', ')}]`,
    `canonical_url: ${yamlString(meta.canonicalUrl)}`,
    '---',
  ];
  const text = admonitions(lines)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return `${frontMatter.join('\n')}\n\n# ${meta.title}\n\n${text}\n`;
}
