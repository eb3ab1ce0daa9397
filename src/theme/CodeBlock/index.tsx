import { Children, isValidElement, type ReactNode } from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type { Props } from '@theme/CodeBlock';

/** Plain string children as one string, so the block can be copied; anything else as it is. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/**
 * The theme's code block without its remount after hydration. The theme keys the block on
 * `useIsBrowser()` so that a reader in dark mode does not keep the light token colours the server
 * rendered; but the colour mode a page hydrates with is the server's default, and the reader's own
 * arrives as an ordinary update after hydration, which React applies to the token styles like any
 * other. The remount made every code block of a page render twice, in one task, right after hydration.
 */
export default function CodeBlock({ children: rawChildren, ...props }: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
