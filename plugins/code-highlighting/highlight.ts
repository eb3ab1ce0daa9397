/**
 * Stands in for `prism-react-renderer` in the site's bundles (see ./index.ts): the same `Highlight`
 * render-prop component the classic theme's code block uses, without Prism in any page's JavaScript.
 * A page's own code blocks come with tokens made at build time (./remark, ./BuiltTokens); code that
 * only exists in the browser (an Ask AI answer) shows as plain text until the small Prism of ./prism
 * has loaded, on first need. Lines and tokens come out exactly as the package makes them (a unit test
 * renders both), so the code block's markup does not change.
 */
import { useContext, useEffect, useMemo, useState, type CSSProperties, type JSX } from 'react';
import clsx from 'clsx';
import type { PrismTheme } from 'prism-react-renderer';
import { BuiltTokensContext } from './BuiltTokens';
import { decodeTokens, plainLines, tokenize, type PrismLib, type Token } from './tokens';

let loadedPrism: PrismLib | undefined;
let loadingPrism: Promise<PrismLib> | undefined;

/** The small Prism, fetched once, for code that was not highlighted at build time. */
export function loadPrism(): Promise<PrismLib> {
  loadingPrism ??= import('./prism').then((module) => (loadedPrism = module.default));
  return loadingPrism;
}

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

function tokenStyle(dictionary: ThemeDictionary | undefined, { types, empty }: Token) {
  if (!dictionary) return undefined;
  if (types.length === 1 && types[0] === 'plain') return empty ? { display: 'inline-block' } : undefined;
  if (types.length === 1 && empty) return dictionary[types[0]];
  return Object.assign(empty ? { display: 'inline-block' } : {}, ...types.map((type) => dictionary[type]));
}

export function Highlight({ prism, theme, language, code, children }: HighlightProps): JSX.Element {
  const lang = language.toLowerCase();
  const dictionary = useMemo(() => themeDictionary(theme, lang), [theme, lang]);
  const built = useContext(BuiltTokensContext);
  const builtTokens = useMemo(() => (built ? decodeTokens(built, code) : undefined), [built, code]);
  const [fetched, setFetched] = useState(loadedPrism);
  const lib = prism ?? fetched;
  useEffect(() => {
    if (!builtTokens && !lib) void loadPrism().then(setFetched);
  }, [builtTokens, lib]);
  const tokens = useMemo(
    () => builtTokens ?? (lib ? tokenize(lib, code, lang) : plainLines(code)),
    [builtTokens, lib, code, lang],
  );
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
