import Prism from './prism';
import { encodeTokens } from './tokens';

type Node = { type: string; lang?: string | null; value?: string; children?: Node[] };

export const REGISTER_MODULE = '@site/src/theme/CodeBlock/register';
export const BUILT_TOKENS_MODULE = '@site/plugins/code-highlighting/BuiltTokens';
/** The name the page's MDX gives ./BuiltTokens. */
export const BUILT_TOKENS = 'BuiltCodeTokens';

const importDeclaration = (source: string, defaultName?: string) => ({
  type: 'mdxjsEsm',
  value: defaultName ? `import ${defaultName} from '${source}';` : `import '${source}';`,
  data: {
    estree: {
      type: 'Program',
      sourceType: 'module',
      body: [
        {
          type: 'ImportDeclaration',
          specifiers: defaultName
            ? [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: defaultName } }]
            : [],
          source: { type: 'Literal', value: source, raw: `'${source}'` },
        },
      ],
    },
  },
});

/** Wraps every fenced code block under `node` in ./BuiltTokens with its tokens; true if there was one. */
function wrapCode(node: Node): boolean {
  let found = false;
  node.children?.forEach((child, i) => {
    if (child.type !== 'code') {
      found = wrapCode(child) || found;
      return;
    }
    found = true;
    const language = (child.lang ?? 'text').toLowerCase();
    node.children![i] = {
      type: 'mdxJsxFlowElement',
      name: BUILT_TOKENS,
      attributes: [
        { type: 'mdxJsxAttribute', name: 'value', value: encodeTokens(Prism, child.value ?? '', language) },
      ],
      children: [child],
    } as Node;
  });
  return found;
}

/**
 * Highlights every fenced code block at build time: each is wrapped in ./BuiltTokens with its tokens,
 * so the code block renders them and the page downloads no highlighter. The page also imports the code
 * block itself, so it is part of that page's chunk and there before hydration; pages without code
 * never load it.
 */
export default function remarkCodeBlockImport() {
  return (tree: Node & { children: Node[] }) => {
    if (!wrapCode(tree)) return;
    tree.children.unshift(
      importDeclaration(REGISTER_MODULE) as Node,
      importDeclaration(BUILT_TOKENS_MODULE, BUILT_TOKENS) as Node,
    );
  };
}
