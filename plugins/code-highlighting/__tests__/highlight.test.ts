import fs from 'node:fs';
import path from 'node:path';
import { createElement, type JSX } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Highlight as PackageHighlight, themes } from 'prism-react-renderer';
import { describe, expect, it } from 'vitest';
import { Highlight, Prism } from '../highlight';
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

/** A code block's markup the way the classic theme's code block builds it from the render props. */
function render(component: typeof Highlight, language: string, code: string, theme = themes.github) {
  return renderToStaticMarkup(
    createElement(component, {
      prism: Prism,
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
    }),
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
