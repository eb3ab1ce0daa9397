import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { siteMarkupProblems } from '../scripts/markup-a11y';
import { BUILD_DIR } from './harness';

/**
 * Every built page, read as HTML without a browser: each form control has an accessible name and each
 * table header cell has content (scripts/markup-a11y.ts; its fixtures prove it fails on a bad page).
 */
describe('the markup of every built page', () => {
  it('names every form control and fills every table header cell', () => {
    const { pages, problems } = siteMarkupProblems(BUILD_DIR);
    assert.ok(pages > 300, `${pages} pages`);
    assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  });
});
