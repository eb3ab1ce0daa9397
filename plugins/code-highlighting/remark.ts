type Node = { type: string; lang?: string; children?: Node[] };

export const REGISTER_MODULE = '@site/src/theme/CodeBlock/register';

const hasCode = (node: Node): boolean => node.type === 'code' || Boolean(node.children?.some(hasCode));

/**
 * Gives each page with a fenced code block an import of the code block, so the highlighter is part of
 * that page's chunk: pages without code never load it, pages with code have it before hydration.
 */
export default function remarkCodeBlockImport() {
  return (tree: Node & { children: Node[] }) => {
    if (!hasCode(tree)) return;
    tree.children.unshift({
      type: 'mdxjsEsm',
      value: `import '${REGISTER_MODULE}';`,
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          body: [
            {
              type: 'ImportDeclaration',
              specifiers: [],
              source: { type: 'Literal', value: REGISTER_MODULE, raw: `'${REGISTER_MODULE}'` },
            },
          ],
        },
      },
    } as unknown as Node);
  };
}
