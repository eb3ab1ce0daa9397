import fs from 'node:fs';
import path from 'node:path';
import { themes, type PrismTheme } from 'prism-react-renderer';
import { describe, expect, it } from 'vitest';
import config from '../../docusaurus.config';
import { contrastRatio, over, parseColour } from '../utils/contrast';

/** WCAG 2.2 AA for text (1.4.3); code is normal-size text. */
const AA = 4.5;

/**
 * Every colour a code token can take in `theme`, against each background it can sit on, below AA: one
 * line a shortfall naming the token types, the colour and the ratio. A style without a colour of its
 * own (or with an opacity) takes the colour of the token it is nested in, so it is measured with each.
 */
function shortfalls(theme: PrismTheme, backgrounds: Record<string, string>): string[] {
  const base = parseColour(theme.plain.backgroundColor ?? '#ffffff');
  const palette = [theme.plain.color, ...theme.styles.map(({ style }) => style.color)].filter(
    (colour): colour is string => Boolean(colour),
  );
  const found: string[] = [];
  for (const { types, style } of [{ types: ['plain'], style: theme.plain }, ...theme.styles]) {
    const opacity = typeof style.opacity === 'number' ? style.opacity : 1;
    for (const colour of style.color ? [style.color] : palette) {
      for (const [name, overlay] of Object.entries(backgrounds)) {
        const background = over(parseColour(overlay), base);
        const ratio = contrastRatio(over(parseColour(colour), background, opacity), background);
        if (ratio < AA)
          found.push(
            `${types.join(', ')}: ${colour}${opacity < 1 ? ` at opacity ${opacity}` : ''} on ${name} ${ratio.toFixed(2)}:1`,
          );
      }
    }
  }
  return found;
}

/** The custom property in the block of custom.css that `selector` opens. */
function cssVariable(selector: string, name: string): string {
  const css = fs.readFileSync(path.join(__dirname, '..', 'css', 'custom.css'), 'utf8');
  const block = css.slice(css.indexOf(`${selector} {`));
  const value = new RegExp(`${name}:\\s*([^;]+);`).exec(block.slice(0, block.indexOf('}')))?.[1];
  if (!value) throw new Error(`src/css/custom.css: no ${name} in ${selector}`);
  return value;
}

const prism = (config.themeConfig as { prism: { theme: PrismTheme; darkTheme: PrismTheme } }).prism;
const HIGHLIGHTED = '--docusaurus-highlighted-code-line-bg';
const MODES = [
  { mode: 'light', theme: prism.theme, highlighted: cssVariable(':root', HIGHLIGHTED) },
  { mode: 'dark', theme: prism.darkTheme, highlighted: cssVariable("[data-theme='dark']", HIGHLIGHTED) },
];

describe('code token colours', () => {
  for (const { mode, theme, highlighted } of MODES)
    it(`reach ${AA}:1 on the ${mode} code background and on a highlighted line`, () => {
      expect(theme.plain.backgroundColor).toBeTruthy();
      expect(theme.styles.length).toBeGreaterThan(5);
      expect(shortfalls(theme, { background: 'transparent', 'highlighted line': highlighted })).toEqual([]);
    });

  it('fail with the token, its colour and its ratio when a colour is too faint', () => {
    const faint: PrismTheme = {
      ...prism.theme,
      styles: [...prism.theme.styles, { types: ['comment'], style: { color: '#999988' } }],
    };
    // The namespace style has no colour of its own: it is measured with the faint one too.
    expect(shortfalls(faint, { background: 'transparent' })).toEqual([
      'namespace: #999988 on background 2.71:1',
      'comment: #999988 on background 2.71:1',
    ]);
    // GitHub's and Dracula's own colours fall short; so does a namespace faded to 70 %.
    expect(shortfalls(themes.github, { background: 'transparent' })).toContain(
      'namespace: #393A34 at opacity 0.7 on background 4.49:1',
    );
    expect(shortfalls(themes.dracula, { background: 'transparent' })).toEqual([
      'comment: rgb(98, 114, 164) on background 3.03:1',
    ]);
  });

  it('read only the colour notations the themes use', () => {
    expect(parseColour('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColour('rgba(0, 0, 0, 0.3)')).toEqual({ r: 0, g: 0, b: 0, a: 0.3 });
    expect(() => parseColour('hsl(0 0% 0%)')).toThrow(/hsl/);
    expect(contrastRatio(parseColour('#000'), parseColour('#fff'))).toBeCloseTo(21, 5);
  });
});
