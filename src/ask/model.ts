/** The search index's section units (the content model's plain form). */
export type PlainUnit =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; depth: number; text: string }
  | {
      type: 'list';
      ordered: boolean;
      start: number;
      items: { checked: boolean | null; units: PlainUnit[] }[];
    }
  | { type: 'table'; header: string[]; rows: string[][] }
  | { type: 'code'; language: string; code: string }
  | { type: 'admonition'; kind: string; title: string | null; units: PlainUnit[] }
  | { type: 'quote'; units: PlainUnit[] }
  | { type: 'tabs'; tabs: { label: string; units: PlainUnit[] }[] }
  | { type: 'diagram'; alt: string; code: string }
  | { type: 'cards' };
