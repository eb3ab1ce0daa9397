import { describe, expect, it } from 'vitest';
import remarkCodeBlockImport, { REGISTER_MODULE } from '../remark';

type Node = { type: string; value?: string; children?: Node[] };

describe('remarkCodeBlockImport', () => {
  it('adds one import of the code block to a page with a fenced code block', () => {
    const tree: Node = {
      type: 'root',
      children: [
        { type: 'paragraph', children: [{ type: 'text', value: 'Run this:' }] },
        { type: 'list', children: [{ type: 'listItem', children: [{ type: 'code', value: 'Get-Item' }] }] },
      ],
    };
    remarkCodeBlockImport()(tree as never);
    expect(tree.children?.[0]).toMatchObject({ type: 'mdxjsEsm', value: `import '${REGISTER_MODULE}';` });
    expect(tree.children?.filter((node) => node.type === 'mdxjsEsm')).toHaveLength(1);
  });

  it('leaves a page without code blocks alone (inline code is not a code block)', () => {
    const tree: Node = {
      type: 'root',
      children: [{ type: 'paragraph', children: [{ type: 'inlineCode', value: 'x' }] }],
    };
    remarkCodeBlockImport()(tree as never);
    expect(tree.children).toHaveLength(1);
  });
});
