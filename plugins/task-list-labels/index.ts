/**
 * A rehype plugin that names the checkbox of every Markdown task-list item (`- [ ] text`) after the
 * item's text, so assistive technology announces "Contract tests pass…, checkbox, not checked" instead
 * of an unlabeled form control (WCAG 4.1.2; axe's `label` rule). The checkbox stays: it tells every
 * reader whether the item is done.
 */
type Node = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: Node[];
};

const isElement = (node: Node, tagName: string) => node.type === 'element' && node.tagName === tagName;
const isCheckbox = (node: Node) => isElement(node, 'input') && node.properties?.type === 'checkbox';
const NESTED_BLOCKS = new Set(['ul', 'ol', 'pre', 'table', 'div']);

/** The text a reader sees in `node`, without nested lists and blocks. */
function textOf(node: Node): string {
  if (node.type === 'text') return node.value ?? '';
  if (node.type === 'element' && NESTED_BLOCKS.has(node.tagName ?? '')) return '';
  return (node.children ?? []).map(textOf).join('');
}

/**
 * The task item's checkbox and the element holding its text: the item itself, or in a loose list (an
 * item of paragraphs) its first paragraph.
 */
function taskOf(item: Node): { checkbox: Node; text: Node } | undefined {
  const first = item.children?.find((child) => child.type !== 'text' || child.value?.trim());
  if (first && isCheckbox(first)) return { checkbox: first, text: item };
  const checkbox = first && isElement(first, 'p') ? first.children?.find(isCheckbox) : undefined;
  return checkbox && first ? { checkbox, text: first } : undefined;
}

function visit(node: Node) {
  for (const child of node.children ?? []) {
    const task = isElement(child, 'li') ? taskOf(child) : undefined;
    const label = task && textOf(task.text).replace(/\s+/g, ' ').trim();
    if (task && label && !task.checkbox.properties?.ariaLabel)
      task.checkbox.properties = { ...task.checkbox.properties, ariaLabel: label };
    visit(child);
  }
}

export default function rehypeTaskListLabels() {
  return (tree: Node) => visit(tree);
}
