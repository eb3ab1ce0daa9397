import { themes, type PrismTheme } from 'prism-react-renderer';

/**
 * The GitHub code theme with the token colours that fall short of WCAG AA contrast (4.5:1 on the code
 * background) replaced by darker ones of the same hue.
 */
const DARKER: Record<string, string> = {
  '#999988': '#57606a',
  '#e3116c': '#c4004f',
  '#36acaa': '#107875',
  '#00a4db': '#0969da',
  '#d73a49': '#cf222e',
};

export const lightCodeTheme: PrismTheme = {
  ...themes.github,
  styles: themes.github.styles.map((entry) => ({
    ...entry,
    style: {
      ...entry.style,
      ...(entry.style.color ? { color: DARKER[entry.style.color] ?? entry.style.color } : {}),
    },
  })),
};
