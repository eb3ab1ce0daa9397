/**
 * ../Code.tsx replaces the classic theme's `MDXComponents/Code` (a safe eject) so that the code block
 * comes from the page's own chunk (../../CodeBlock/registry.ts) instead of the main bundle. It copies the
 * theme's rule for what is inline code. This holds the copy to the installed theme: both components are
 * compiled as the site compiles them and rendered with the same stand-ins for the code components.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as registry from '../../CodeBlock/registry';
import { load } from '../../../../scripts/loadComponent';

const THEME = path.join(
  path.dirname(require.resolve('@docusaurus/theme-classic/package.json')),
  'lib',
  'theme',
);
const SITE_CODE = path.join(__dirname, '..', 'Code.tsx');

const CodeInline = ({ children }: { children?: ReactNode }) => createElement('inline-code', null, children);
const CodeBlock = ({ children }: { children?: ReactNode }) => createElement('code-block', null, children);

/** The stand-ins, as ES modules. */
const components = {
  '@theme/CodeBlock': { __esModule: true, default: CodeBlock },
  '@theme/CodeInline': { __esModule: true, default: CodeInline },
};
const themeCode = load(path.join(THEME, 'MDXComponents', 'Code.js'), components);
const siteCode = load(SITE_CODE, { ...components, '@site/src/theme/CodeBlock/registry': registry });

/** What MDX gives the code component: inline code, fenced blocks, empty blocks, elements. */
const CASES: [string, Record<string, unknown>][] = [
  ['inline code', { children: 'Get-Item' }],
  ['an empty block', {}],
  ['an empty string', { children: '' }],
  ['a fenced block of several lines', { className: 'language-powershell', children: 'Get-Item\nexit\n' }],
  ['a fenced block of one line', { className: 'language-bash', children: 'ls\n' }],
  ['several strings on one line', { children: ['a', 'b'] }],
  ['several strings over lines', { children: ['a', 'b\nc'] }],
  ['an element', { children: createElement('span', null, 'x') }],
  ['a number', { children: 5 }],
];

describe('MDXComponents/Code', () => {
  it('is still the component the theme’s MDXComponents renders code with', () => {
    const source = fs.readFileSync(path.join(THEME, 'MDXComponents', 'index.js'), 'utf8');
    expect(source).toMatch(/import (\w+) from '@theme\/MDXComponents\/Code';[\s\S]*\bcode: \1,/);
  });

  it.each(CASES)('renders %s inline or as a block exactly as the theme does', (_name, props) => {
    registry.registerCodeBlock(CodeBlock);
    expect(renderToStaticMarkup(createElement(siteCode, props))).toBe(
      renderToStaticMarkup(createElement(themeCode, props)),
    );
  });
});
