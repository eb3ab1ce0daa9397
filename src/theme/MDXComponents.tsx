import type { ComponentProps, ReactNode } from 'react';
import MDXComponents from '@theme-original/MDXComponents';

/** A table scrolls sideways on narrow screens, in a box that keyboard users can focus and scroll. */
function Table(props: ComponentProps<'table'>): ReactNode {
  return (
    <div className="table-scroll" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

export default { ...MDXComponents, table: Table };
