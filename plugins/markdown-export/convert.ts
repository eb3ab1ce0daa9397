/** A doc's content model (plugins/content-model) as clean Markdown for readers and language models. */
import {
  docMarkdown,
  type DocContent,
  type MarkdownOptions,
} from '@services-manager-docs/core/content/model';

export type ExportMeta = {
  title: string;
  description: string;
  tags: string[];
  canonicalUrl: string;
  /** The address a link on the page should have in the copy (its twin's, an absolute URL). */
  resolveLink: (url: string) => string;
  /** The pages a DocCardList on this page stands for (a generated index lists its children). */
  children?: MarkdownOptions['cards'];
};

const yamlString = (value: string) => JSON.stringify(value);

/** A page as Markdown without front matter: its title and its sections (what llms-full.txt joins). */
export function pageMarkdown(
  content: DocContent,
  meta: Pick<ExportMeta, 'title' | 'resolveLink' | 'children'>,
): string {
  const text = docMarkdown(content, { link: meta.resolveLink, cards: meta.children });
  return `# ${meta.title}\n\n${text}\n`.replace(/\n{3,}/g, '\n\n');
}

/** A page's Markdown twin: its front matter, then the page (pageMarkdown). */
export function toMarkdown(content: DocContent, meta: ExportMeta): string {
  const frontMatter = [
    '---',
    `title: ${yamlString(meta.title)}`,
    `description: ${yamlString(meta.description)}`,
    `tags: [${meta.tags.map(yamlString).join(', ')}]`,
    `canonical_url: ${yamlString(meta.canonicalUrl)}`,
    '---',
  ];
  return `${frontMatter.join('\n')}\n\n${pageMarkdown(content, meta)}`;
}
