import { describe, expect, it } from 'vitest';
import remarkCodeBlockImport, { BUILT_TOKENS, BUILT_TOKENS_MODULE, REGISTER_MODULE } from '../remark';
import Prism from '../prism';
import { encodeTokens } from '../tokens';

type Node = {
  type: string;
  name?: string;
  value?: string;
  lang?: string;
  attributes?: { name: string; value: string }[];
  children?: Node[];
};

describe('remarkCodeBlockImport', () => {
  it('wraps each fenced code block in its build-time tokens and imports the code block once', () => {
    const code = { type: 'code', lang: 'PowerShell', value: 'Get-Item $x' };
    const plain = { type: 'code', value: 'no language' };
    const tree: Node = {
      type: 'root',
      children: [
        { type: 'paragraph', children: [{ type: 'text', value: 'Run this:' }] },
        { type: 'list', children: [{ type: 'listItem', children: [code, plain] }] },
      ],
    };
    remarkCodeBlockImport()(tree as never);
    expect(tree.children?.slice(0, 2)).toMatchObject([
      { type: 'mdxjsEsm', value: `import '${REGISTER_MODULE}';` },
      { type: 'mdxjsEsm', value: `import ${BUILT_TOKENS} from '${BUILT_TOKENS_MODULE}';` },
    ]);
    expect(tree.children?.filter((node) => node.type === 'mdxjsEsm')).toHaveLength(2);
    const [wrapped, wrappedPlain] = tree.children![3].children![0].children!;
    expect(wrapped).toEqual({
      type: 'mdxJsxFlowElement',
      name: BUILT_TOKENS,
      attributes: [
        { type: 'mdxJsxAttribute', name: 'value', value: encodeTokens(Prism, code.value, 'powershell') },
      ],
      children: [code],
    });
    expect(wrappedPlain.attributes?.[0].value).toBe('plain;0:11');
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
