/**
 * The early-input script (../index.ts) works on the page's DOM before React has hydrated it, so it
 * depends on markup that Docusaurus renders: the `data-has-hydrated` attribute core sets on <html> once
 * the page is hydrated, and the classic theme's colour-mode toggle (found by the start of its
 * `aria-label`, disabled until hydration); the search button is the site's own (src/theme/SearchBar).
 * These components are compiled from the installed packages and rendered as the server renders them,
 * so an upgrade that renames an attribute or a label fails here rather than losing early clicks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { REPLAYED_BUTTONS } from '..';
import * as searchInput from '../searchInput';
import { load } from '../../../scripts/loadComponent';

const ROOT = path.resolve(__dirname, '../../..');
const CORE_CLIENT = path.join(
  path.dirname(require.resolve('@docusaurus/core/package.json')),
  'lib',
  'client',
);
const THEME = path.join(
  path.dirname(require.resolve('@docusaurus/theme-classic/package.json')),
  'lib',
  'theme',
);

const esModule = (value: unknown) => ({ __esModule: true, default: value });
/** CSS modules: every class name is itself. */
const cssModule = esModule(new Proxy({}, { get: (_target, name) => String(name) }));
const isBrowser = (value: boolean) => esModule(() => value);
const Icon = () => null;

/** Docusaurus's translate() for a site without translations: the default message, values filled in. */
const Translate = {
  __esModule: true,
  translate: ({ message }: { message: string }, values: Record<string, string> = {}) =>
    message.replace(/\{(\w+)\}/g, (_match, key: string) => values[key]),
};

function colourModeToggle(hydrated: boolean) {
  return load(path.join(THEME, 'ColorModeToggle', 'index.js'), {
    clsx: esModule((...names: unknown[]) => names.filter((name) => typeof name === 'string').join(' ')),
    '@docusaurus/useIsBrowser': isBrowser(hydrated),
    '@docusaurus/Translate': Translate,
    '@theme/Icon/LightMode': esModule(Icon),
    '@theme/Icon/DarkMode': esModule(Icon),
    '@theme/Icon/SystemColorMode': esModule(Icon),
    './styles.module.css': cssModule,
  });
}

/** The attributes of every element of `tag` in server-rendered markup (React quotes every value). */
function elements(markup: string, tag: string): Record<string, string>[] {
  return [...markup.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((match) =>
    Object.fromEntries(
      [...match[1].matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name, value ?? '']),
    ),
  );
}

/** Whether an element matches one of REPLAYED_BUTTONS: `button` with `[attr]`, `[attr="v"]`, `[attr^="v"]`. */
function matches(selector: string, tag: string, attributes: Record<string, string>): boolean {
  const parts = /^(\w+)((?:\[[^\]]+\])+)$/.exec(selector);
  if (!parts) throw new Error(`selector this test cannot read: ${selector}`);
  if (parts[1] !== tag) return false;
  return [...parts[2].matchAll(/\[([\w-]+)(?:(\^?=)"([^"]*)")?\]/g)].every(([, name, operator, value]) => {
    const actual = attributes[name];
    if (actual === undefined) return false;
    if (operator === '=') return actual === value.replaceAll('&quot;', '"');
    if (operator === '^=') return actual.startsWith(value);
    return true;
  });
}

describe('the DOM the early-input script depends on', () => {
  it('has core mark <html> with data-has-hydrated="true" once the page is hydrated, and "false" before', () => {
    expect(fs.readFileSync(path.join(CORE_CLIENT, 'App.js'), 'utf8')).toMatch(
      /<HasHydratedDataAttribute\s*\/>/,
    );
    const Head = esModule(({ children }: { children?: ReactNode }) => children);
    for (const hydrated of [true, false]) {
      const HasHydrated = load(path.join(CORE_CLIENT, 'hasHydratedDataAttribute.js'), {
        '@docusaurus/Head': Head,
        '@docusaurus/useIsBrowser': isBrowser(hydrated),
      });
      expect(elements(renderToStaticMarkup(createElement(HasHydrated)), 'html')).toEqual([
        { 'data-has-hydrated': String(hydrated) },
      ]);
    }
  });

  it('finds the theme’s colour-mode toggle by its label, disabled until hydration', () => {
    const [, toggleSelector] = REPLAYED_BUTTONS;
    for (const value of [null, 'light', 'dark']) {
      const before = elements(
        renderToStaticMarkup(createElement(colourModeToggle(false), { value, onChange: () => {} })),
        'button',
      );
      expect(before.filter((button) => matches(toggleSelector, 'button', button))).toHaveLength(1);
      expect(before[0].disabled, 'the toggle is no longer disabled before hydration').toBeDefined();
      const after = elements(
        renderToStaticMarkup(createElement(colourModeToggle(true), { value, onChange: () => {} })),
        'button',
      );
      expect(after.filter((button) => matches(toggleSelector, 'button', button))).toHaveLength(1);
    }
  });

  it('finds the site’s search button, and nothing else, by the search selector', () => {
    const [searchSelector, toggleSelector] = REPLAYED_BUTTONS;
    const SearchBar = load(path.join(ROOT, 'src/theme/SearchBar/index.tsx'), {
      '@site/plugins/early-input/searchInput': searchInput,
      '@site/src/components/SearchModal': esModule(() => null),
      './styles.module.css': cssModule,
    });
    const markup =
      renderToStaticMarkup(createElement(SearchBar)) +
      renderToStaticMarkup(createElement(colourModeToggle(false), { value: 'light', onChange: () => {} }));
    const buttons = elements(markup, 'button');
    expect(buttons.map((button) => matches(searchSelector, 'button', button))).toEqual([true, false]);
    expect(buttons.map((button) => matches(toggleSelector, 'button', button))).toEqual([false, true]);
  });
});
