/**
 * Docusaurus's own build checks under this site's configuration: an unknown tag, a broken Markdown link,
 * a broken route link and malformed front matter each stop the build with a message naming the file.
 * Outside the gate (they test the framework); run with `npm run test:smoke` after a Docusaurus upgrade.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildFixture, page, removeFixtures } from '../scripts/build-fixture';

after(removeFixtures);

describe('the build fails with a message a writer can act on', () => {
  it('for a tag that is not in tags.yml, naming the file and the tag', () => {
    const { status, output } = buildFixture('unknown-tag', {
      'intro.md': page('Hello.', '[billing, biling]'),
    });
    assert.notEqual(status, 0);
    assert.match(output, /doc at path path=.*\/unknown-tag\/docs\/intro\.md/);
    assert.ok(output.includes('Tags [biling] used in intro.md are not defined in tags.yml'), output);
  });

  it('for a Markdown link to a page that does not exist, naming the file and the link', () => {
    const { status, output } = buildFixture('broken-markdown-link', {
      'intro.md': page('See [the setup guide](./setup-guide.md).'),
    });
    assert.notEqual(status, 0);
    assert.match(output, /Markdown link with URL `\.\/setup-guide\.md` in source file ".*docs\/intro\.md"/);
  });

  it('for a link to a route that does not exist, naming the page and the link', () => {
    const { status, output } = buildFixture('broken-route-link', {
      'intro.md': page('See [billing](/docs/billing-setup).'),
    });
    assert.notEqual(status, 0);
    assert.match(
      output,
      /Broken link on source page path = \/docs\/intro:(\s+-> linking to \S+)*\s+-> linking to \/docs\/billing-setup\n/,
    );
    assert.ok(output.includes('Docusaurus found broken links!'), output);
  });

  it('for malformed front matter, naming the file', () => {
    const { status, output } = buildFixture('bad-front-matter', {
      'intro.md': '---\ntitle: [unclosed\n---\n\nHello.\n',
    });
    assert.notEqual(status, 0);
    assert.match(output, /docs\/intro\.md/);
  });
});
