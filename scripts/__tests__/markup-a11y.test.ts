import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markupProblems, siteMarkupProblems } from '../markup-a11y';

const SITE = path.join(__dirname, 'fixtures', 'markup-a11y', 'site');
const page = (route: string) => fs.readFileSync(path.join(SITE, route, 'index.html'), 'utf8');

describe('markup accessibility check', () => {
  it('accepts every way a control gets its name, and an empty data cell', () => {
    expect(markupProblems(page('docs/good'))).toEqual([]);
  });

  it('names each unlabeled control and empty header cell of a bad page', () => {
    expect(markupProblems(page('docs/bad'))).toEqual([
      'form control without a label: <input type="checkbox">',
      'form control without a label: <input id="q" type="search">',
      'form control without a label: <input type="checkbox" name="empty-label">',
      'form control without a label: <select>',
      'form control without a label: <textarea>',
      'button without a name: <button type="button" class="clean-btn">',
      'empty table header cell: <th> in the table headed " | Citrix DaaS | Microsoft RDS"',
    ]);
  });

  it('reports every page of a build by its path', () => {
    const { pages, problems } = siteMarkupProblems(SITE);
    expect(pages).toBe(2);
    expect(problems).toHaveLength(7);
    expect(problems.every((problem) => problem.startsWith(path.join('docs', 'bad', 'index.html')))).toBe(
      true,
    );
  });
});
