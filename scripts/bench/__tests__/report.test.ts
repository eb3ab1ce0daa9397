import { describe, expect, it } from 'vitest';
import { METHOD, renderReport, table } from '../report';

describe('the performance page', () => {
  it('holds the method, the run, its figures and what it skipped', () => {
    const page = renderReport({
      date: '2026-01-02 03:04 UTC',
      options: ['--skip-build', '--no-stock'],
      machine: 'a test processor, 2 cores',
      sections: [{ title: 'Page weight', body: table(['Page', 'JS'], [['home', '129.8 KB']]) }],
      skipped: ['the comparison with stock Docusaurus (`--no-stock`)'],
    });
    expect(page.startsWith('# Performance\n')).toBe(true);
    expect(page).toContain('`npm run bench -- --skip-build --no-stock` on 2026-01-02 03:04 UTC');
    expect(page).toContain(METHOD.trim());
    expect(page).toContain('### Page weight\n\n| Page | JS |\n| --- | --- |\n| home | 129.8 KB |');
    expect(page).toContain('Not measured in this run: the comparison with stock Docusaurus (`--no-stock`).');
  });

  it('names no skipped part when every part ran', () => {
    const page = renderReport({ date: 'd', options: [], machine: 'm', sections: [], skipped: [] });
    expect(page).toContain('`npm run bench` on d');
    expect(page).not.toContain('Not measured');
  });
});
