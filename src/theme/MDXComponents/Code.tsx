import { Children, lazy, Suspense, type ReactNode } from 'react';
import CodeInline from '@theme/CodeInline';
import type { Props } from '@theme/MDXComponents/Code';
import type { Props as CodeBlockProps } from '@theme/CodeBlock';
import { registeredCodeBlock } from '@site/src/theme/CodeBlock/registry';

/**
 * Code blocks load with the pages that have them: those pages import the code block with their own
 * chunk (plugins/code-highlighting/remark.ts), so pages without code never download the highlighter.
 * Anything else that renders a code block loads it on demand.
 */
const LazyCodeBlock = lazy(() => import('@theme/CodeBlock'));

/** As the theme decides: code without line breaks, given as plain text, is inline. */
function isInline(props: Props): boolean {
  return (
    props.children !== undefined &&
    Children.toArray(props.children).every((child) => typeof child === 'string' && !child.includes('\n'))
  );
}

export default function MDXCode(props: Props): ReactNode {
  if (isInline(props)) return <CodeInline {...props} />;
  const CodeBlock = registeredCodeBlock();
  if (CodeBlock) return <CodeBlock {...(props as CodeBlockProps)} />;
  return (
    <Suspense
      fallback={
        <pre>
          <code>{props.children}</code>
        </pre>
      }
    >
      <LazyCodeBlock {...(props as CodeBlockProps)} />
    </Suspense>
  );
}
