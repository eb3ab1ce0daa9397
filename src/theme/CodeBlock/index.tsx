import './prism-languages';

/** The stock code block, with the docs' extra languages registered before it first highlights. */
export { default } from '@theme-original/CodeBlock';
