import { compile, run } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import rehypeTaskListLabels from '..';

/** Markdown as a docs page renders it: MDX with GitHub-flavoured Markdown, with or without the plugin. */
async function render(markdown: string, withPlugin = true): Promise<string> {
  const code = await compile(markdown, {
    outputFormat: 'function-body',
    remarkPlugins: [remarkGfm],
    rehypePlugins: withPlugin ? [rehypeTaskListLabels] : [],
  });
  const { default: Content } = await run(String(code), { ...runtime, baseUrl: import.meta.url });
  return renderToStaticMarkup(createElement(Content));
}

const checkboxes = (html: string) => html.match(/<input[^>]*>/g) ?? [];

describe('rehypeTaskListLabels', () => {
  it('names each checkbox of a task list after its item, without nested lists', async () => {
    const html = await render(
      [
        '- [ ] Servers joined to the `EXAMPLE` domain, **time synchronized**.',
        '- [x] Hooks finish within their [timeout](./hooks.md).',
        '  - [ ] A nested item',
        '- A plain item',
      ].join('\n'),
    );
    expect(checkboxes(html)).toEqual([
      '<input type="checkbox" disabled="" aria-label="Servers joined to the EXAMPLE domain, time synchronized."/>',
      '<input type="checkbox" disabled="" aria-label="Hooks finish within their timeout." checked=""/>',
      '<input type="checkbox" disabled="" aria-label="A nested item"/>',
    ]);
  });

  it('names it after the first paragraph of an item in a loose list', async () => {
    const html = await render('- [ ] First check.\n\n  More about it.\n\n- [x] Second check.\n');
    expect(checkboxes(html)).toEqual([
      '<input type="checkbox" disabled="" aria-label="First check."/>',
      '<input type="checkbox" disabled="" aria-label="Second check." checked=""/>',
    ]);
  });

  it('is what gives the checkboxes a name', async () => {
    expect(checkboxes(await render('- [ ] First check.', false))).toEqual([
      '<input type="checkbox" disabled=""/>',
    ]);
  });
});
