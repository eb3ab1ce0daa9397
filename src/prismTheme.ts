import { themes, type PrismTheme } from 'prism-react-renderer';

/**
 * A prism-react-renderer theme with its token colours replaced through `colours` and without any
 * `opacity` (a faded token, such as GitHub's `namespace`, has less contrast than its colour).
 */
function readable(theme: PrismTheme, colours: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map(({ types, languages, style }) => {
      const { opacity: _opacity, ...rest } = style;
      return {
        types,
        ...(languages ? { languages } : {}),
        style: rest.color ? { ...rest, color: colours[rest.color] ?? rest.color } : rest,
      };
    }),
  };
}

/**
 * The code themes: GitHub's (light) and Dracula (dark), with each token colour that falls short of WCAG
 * AA contrast (4.5:1 on the code background, and on a highlighted line's) replaced by one of the same
 * hue. src/__tests__/prismTheme.test.ts measures every colour.
 */
export const lightCodeTheme = readable(themes.github, {
  '#999988': '#57606a',
  '#e3116c': '#c4004f',
  '#36acaa': '#0b6663',
  '#00a4db': '#0550ae',
  '#d73a49': '#b31d28',
});

export const darkCodeTheme = readable(themes.dracula, {
  'rgb(98, 114, 164)': '#8a9bcf',
});
