/**
 * Stands in for `prism-react-renderer` in the site's bundles (see ./index.ts): the same `Highlight`
 * render-prop component the classic theme's code block uses, over the small Prism in ./prism instead of
 * the package's build with every grammar it ships. Lines and tokens come out exactly as the package
 * makes them (a unit test renders both), so the code block's markup does not change.
 */
import { useMemo, type CSSProperties, type JSX } from 'react';
import clsx from 'clsx';
import type { PrismTheme } from 'prism-react-renderer';
import Prism from './prism';

export { Prism };

type PrismLib = typeof Prism;
type PrismToken = string | { type: string; alias?: string | string[]; content: PrismToken | PrismToken[] };

export type Token = { types: string[]; content: string; empty?: boolean };

type LineInputProps = { line: Token[]; className?: string; style?: CSSProperties; [key: string]: unknown };
type TokenInputProps = { token: Token; className?: string; style?: CSSProperties; [key: string]: unknown };

export type RenderProps = {
  tokens: Token[][];
  className: string;
  style: CSSProperties;
  getLineProps: (input: LineInputProps) => {
    className: string;
    style?: CSSProperties;
    [key: string]: unknown;
  };
  getTokenProps: (input: TokenInputProps) => {
    className: string;
    children: string;
    style?: CSSProperties;
    [key: string]: unknown;
  };
};

export type HighlightProps = {
  prism?: PrismLib;
  theme?: PrismTheme;
  language: string;
  code: string;
  children: (props: RenderProps) => JSX.Element;
};

type ThemeDictionary = Record<string, CSSProperties> & { root: CSSProperties; plain: CSSProperties };

/** A theme's styles by token type, for one language; `root` styles the block, `plain` each line. */
function themeDictionary(theme: PrismTheme | undefined, language: string): ThemeDictionary | undefined {
  if (!theme) return undefined;
  const dictionary: Record<string, CSSProperties> = {};
  for (const { languages, types, style } of theme.styles) {
    if (languages && !languages.includes(language)) continue;
    for (const type of types) dictionary[type] = { ...dictionary[type], ...(style as CSSProperties) };
  }
  const root = theme.plain as CSSProperties;
  return { ...dictionary, root, plain: { ...root, backgroundColor: undefined } };
}

/** Adds a token type to its parent's types, once. */
function withType(types: string[], add: string | string[] | undefined): string[] {
  if (add === undefined) return types;
  return typeof add === 'string' && types[types.length - 1] === add ? types : types.concat(add);
}

/**
 * Prism's nested token stream as lines of flat tokens, each with every type it is nested in; an empty
 * line holds one empty "plain" token marked `empty` so it keeps its height.
 */
function normalizeTokens(tokens: PrismToken[]): Token[][] {
  const lines: Token[][] = [[]];
  const walk = (stream: PrismToken[], parentTypes: string[] | undefined) => {
    for (const token of stream) {
      let types: string[];
      let content: PrismToken | PrismToken[];
      if (typeof token === 'string') {
        types = parentTypes ?? ['plain'];
        content = token;
      } else {
        types = withType(withType(parentTypes ?? [], token.type), token.alias);
        content = token.content;
      }
      if (typeof content !== 'string') {
        walk(Array.isArray(content) ? content : [content], types);
        continue;
      }
      const [first, ...rest] = content.split(/\r\n|\r|\n/);
      lines[lines.length - 1].push({ types, content: first });
      for (const part of rest) {
        markEmpty(lines[lines.length - 1]);
        lines.push([{ types, content: part }]);
      }
    }
  };
  walk(tokens, undefined);
  markEmpty(lines[lines.length - 1]);
  return lines;
}

function markEmpty(line: Token[]) {
  if (line.length === 0) line.push({ types: ['plain'], content: '\n', empty: true });
  else if (line.length === 1 && line[0].content === '') {
    line[0].content = '\n';
    line[0].empty = true;
  }
}

function tokenize(prism: PrismLib, code: string, language: string): Token[][] {
  const grammar = prism.languages[language];
  if (!grammar) return normalizeTokens([code]);
  const env = { code, grammar, language, tokens: [] as PrismToken[] };
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(env.code, env.grammar) as PrismToken[];
  prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
}

function tokenStyle(dictionary: ThemeDictionary | undefined, { types, empty }: Token) {
  if (!dictionary) return undefined;
  if (types.length === 1 && types[0] === 'plain') return empty ? { display: 'inline-block' } : undefined;
  if (types.length === 1 && empty) return dictionary[types[0]];
  return Object.assign(empty ? { display: 'inline-block' } : {}, ...types.map((type) => dictionary[type]));
}

export function Highlight({ prism = Prism, theme, language, code, children }: HighlightProps): JSX.Element {
  const lang = language.toLowerCase();
  const dictionary = useMemo(() => themeDictionary(theme, lang), [theme, lang]);
  const tokens = useMemo(() => tokenize(prism, code, lang), [prism, code, lang]);
  return children({
    tokens,
    className: `prism-code language-${lang}`,
    style: dictionary?.root ?? {},
    getLineProps: ({ line: _line, className, style, ...rest }) => ({
      ...rest,
      className: clsx('token-line', className),
      ...(dictionary || style ? { style: { ...dictionary?.plain, ...style } } : {}),
    }),
    getTokenProps: ({ token, className, style, ...rest }) => {
      const base = tokenStyle(dictionary, token);
      return {
        ...rest,
        className: clsx('token', ...token.types, className),
        children: token.content,
        style: style ? { ...base, ...style } : base,
      };
    },
  });
}
