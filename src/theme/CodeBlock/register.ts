/**
 * Imported by every page that has a code block (added by plugins/code-highlighting/remark.ts), so the
 * code block and its highlighter load with that page's own chunk, before the page is hydrated.
 */
import CodeBlock from '@theme/CodeBlock';
import { registerCodeBlock } from './registry';

registerCodeBlock(CodeBlock);
