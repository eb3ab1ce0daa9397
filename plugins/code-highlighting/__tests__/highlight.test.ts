import fs from 'node:fs';
import path from 'node:path';
import { createElement, type JSX } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Highlight as PackageHighlight, themes } from 'prism-react-renderer';
import { describe, expect, it } from 'vitest';
import { Highlight } from '../highlight';
import BuiltTokens from '../BuiltTokens';
import Prism from '../prism';
import { decodeTokens, encodeTokens } from '../tokens';
import { readDocs } from '../../../scripts/content';

const ROOT = path.resolve(__dirname, '../../..');

/** The languages a code block can be highlighted in (their aliases included). */
const PRISM_LANGUAGES = Object.keys(Prism.languages).filter(
  (name) => typeof Prism.languages[name] === 'object',
);

/** Fenced blocks that are not highlighted code: plain text, diagrams, MDX passed through. */
const NOT_CODE = new Set(['text', 'mermaid', 'mdx-code-block']);

/** Every fenced block in the docs and the API guide, with its language. */
function fences(): { file: string; language: string; code: string }[] {
  const sources = [
    ...readDocs(path.join(ROOT, 'docs')).map((doc) => ({ file: doc.file, body: doc.body })),
    ...fs
      .readdirSync(path.join(ROOT, 'api-docs'))
      .filter((file) => file.endsWith('.md'))
      .map((file) => ({ file, body: fs.readFileSync(path.join(ROOT, 'api-docs', file), 'utf8') })),
  ];
  return sources.flatMap(({ file, body }) =>
    [...body.matchAll(/^```([\w-]+)[^\n]*\n([\s\S]*?)^```$/gm)].map((match) => ({
      file,
      language: match[1],
      code: match[2].replace(/\n$/, ''),
    })),
  );
}

/**
 * A code block's markup the way the classic theme's code block builds it from the render props; with
 * `built`, as a page renders it: with its build-time tokens and no Prism given.
 */
function render(
  component: typeof Highlight,
  language: string,
  code: string,
  theme = themes.github,
  built?: string,
) {
  const block = createElement(component, {
    prism: built === undefined ? Prism : undefined,
    theme,
    language,
    code,
    children: ({ className, style, tokens, getLineProps, getTokenProps }) =>
      createElement(
        'pre',
        { className, style },
        tokens.map((line, i) =>
          createElement(
            'span',
            { key: i, ...getLineProps({ line, className: i === 0 ? 'first' : undefined }) },
            line.map((token, j) => createElement('span', { key: j, ...getTokenProps({ token }) })),
          ),
        ),
      ) as JSX.Element,
  });
  return renderToStaticMarkup(
    built === undefined ? block : createElement(BuiltTokens, { value: built }, block),
  );
}

describe('Highlight', () => {
  const samples = fences();

  it('knows every language the docs fence code in', () => {
    const unknown = samples.filter(
      ({ language }) => !NOT_CODE.has(language) && !PRISM_LANGUAGES.includes(language),
    );
    expect(
      unknown.map(({ file, language }) => `${file}: \`\`\`${language}`),
      `add the grammar to plugins/code-highlighting/prism.ts or use a known language`,
    ).toEqual([]);
  });

  it('renders every code block in the docs exactly as prism-react-renderer does', () => {
    expect(samples.length).toBeGreaterThan(100);
    for (const { file, language, code } of samples) {
      expect(render(Highlight, language, code), `${file} (${language})`).toBe(
        render(PackageHighlight, language, code),
      );
    }
  });

  it('renders every code block in the docs from its build-time tokens as prism-react-renderer does', () => {
    for (const { file, language, code } of samples) {
      const built = encodeTokens(Prism, code, language.toLowerCase());
      expect(render(Highlight, language, code, themes.github, built), `${file} (${language})`).toBe(
        render(PackageHighlight, language, code),
      );
    }
  });

  it('reads tokens only for the code they were made for', () => {
    const built = encodeTokens(Prism, 'Get-Item $x', 'powershell');
    expect(
      decodeTokens(built, 'Get-Item $x')
        ?.flat()
        .map((token) => token.content),
    ).toEqual(['Get-Item', ' ', '$x']);
    expect(decodeTokens(built, 'Get-Item $xy')).toBeUndefined();
    expect(decodeTokens(built, 'Get-Item')).toBeUndefined();
    expect(decodeTokens('plain;0:x', 'a')).toBeUndefined();
    expect(decodeTokens('plain;7:1', 'a')).toBeUndefined();
    expect(decodeTokens('no separator', 'a')).toBeUndefined();
  });

  it('shows code without tokens as plain lines until Prism has loaded', () => {
    const code = 'Get-Item -Path $env:TEMP\n\nexit';
    const block = (tokens?: string) => render(Highlight, 'powershell', code, themes.github, tokens);
    expect(block('')).toBe(
      render(PackageHighlight, 'text', code).replace('language-text', 'language-powershell'),
    );
    expect(block(encodeTokens(Prism, 'other', 'powershell'))).not.toContain('token variable');
  });

  it('keeps empty lines, nested tokens and unknown languages identical, in both code themes', () => {
    const cases: [string, string][] = [
      ['csharp', 'var client = new HttpClient();\n\n// done\n'],
      ['powershell', '$x = "a $($y.Name) b"\n\nWrite-Host @"\nhere\n"@'],
      ['http', 'GET /api/v2/customers HTTP/1.1\nAccept: application/json\n\n{"a": 1}'],
      ['brainfuck', '++[>+<-]\n\n.'],
      ['JSON', '{\n  "nested": { "list": [1, "two", null] }\n}'],
      ['text', ''],
    ];
    for (const theme of [themes.github, themes.dracula])
      for (const [language, code] of cases)
        expect(render(Highlight, language, code, theme)).toBe(
          render(PackageHighlight, language, code, theme),
        );
  });

  it('highlights with the small Prism and leaves no global Prism behind', () => {
    expect('Prism' in globalThis).toBe(false);
    const markup = render(Highlight, 'powershell', 'Get-Item -Path $env:TEMP');
    expect(markup).toContain('token function');
    expect(markup).toContain('token variable');
  });
});
