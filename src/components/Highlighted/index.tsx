import type { ReactNode } from 'react';
import { splitHighlights } from '@services-manager-docs/core/search/text';

/** Text with the given ranges wrapped in <mark>; always text nodes, never HTML. */
export default function Highlighted({
  text,
  ranges,
}: {
  text: string;
  ranges: [number, number][];
}): ReactNode {
  return splitHighlights(text, ranges).map((part, i) =>
    part.mark ? <mark key={i}>{part.text}</mark> : part.text,
  );
}
