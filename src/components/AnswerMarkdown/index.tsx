import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import { parseMarkdown, type Block, type Inline } from '@services-manager-docs/core/ask/markdown';
import styles from './styles.module.css';

type Source = { n: number; url: string; title: string };

/**
 * An Ask AI answer rendered from Markdown as React elements only: HTML in the answer shows as text,
 * links go only to this site or http(s) addresses, code blocks are highlighted, and [n] citations link
 * to the numbered sources.
 */
export default function AnswerMarkdown({
  markdown,
  sources,
}: {
  markdown: string;
  sources: Source[];
}): ReactNode {
  const inline = (nodes: Inline[]): ReactNode[] =>
    nodes.map((node, i) => {
      switch (node.type) {
        case 'text':
          return node.text;
        case 'code':
          return <code key={i}>{node.text}</code>;
        case 'strong':
          return <strong key={i}>{inline(node.children)}</strong>;
        case 'em':
          return <em key={i}>{inline(node.children)}</em>;
        case 'link':
          return /^https?:/.test(node.href) ? (
            <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
              {inline(node.children)}
            </a>
          ) : (
            <Link key={i} to={node.href}>
              {inline(node.children)}
            </Link>
          );
        case 'cite': {
          const source = sources.find((item) => item.n === node.n);
          return source ? (
            <Link
              key={i}
              to={source.url}
              className={styles.cite}
              aria-label={`Source ${node.n}: ${source.title}`}
            >
              [{node.n}]
            </Link>
          ) : (
            `[${node.n}]`
          );
        }
      }
    });
  const render = (blocks: Block[]): ReactNode[] =>
    blocks.map((block, i) => {
      switch (block.type) {
        case 'paragraph':
          return <p key={i}>{inline(block.children)}</p>;
        case 'heading':
          return (
            <p key={i} className={styles.heading}>
              <strong>{inline(block.children)}</strong>
            </p>
          );
        case 'list': {
          const items = block.items.map((item, j) => (
            <li key={j}>
              {inline(item)}
              {render(block.nested[j] ?? [])}
            </li>
          ));
          return block.ordered ? (
            <ol key={i} start={block.start}>
              {items}
            </ol>
          ) : (
            <ul key={i}>{items}</ul>
          );
        }
        case 'table':
          return (
            <table key={i}>
              <thead>
                <tr>
                  {block.header.map((cell, j) => (
                    <th key={j}>{inline(cell)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, j) => (
                  <tr key={j}>
                    {row.map((cell, k) => (
                      <td key={k}>{inline(cell)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          );
        case 'code':
          return (
            <CodeBlock key={i} language={block.language || 'text'}>
              {block.code}
            </CodeBlock>
          );
      }
    });
  return <div className={styles.answer}>{render(parseMarkdown(markdown))}</div>;
}
