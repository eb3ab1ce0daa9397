import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFacts, readDocs, readTags, type DocFile, type PageFacts } from '../content';
import { SPEC_DOC_ROUTES } from '../routes';
import { AUDIENCE_AND_KIND_TAGS } from '../../plugins/search-index/labels';

const ROOT = path.resolve(__dirname, '../..');
const docs = readDocs(path.join(ROOT, 'docs')).map((doc) => ({
  ...doc,
  file: path.relative(ROOT, doc.file),
}));
/** Each page read once with the site's Markdown parser. */
const facts = new Map<string, PageFacts>(docs.map((doc) => [doc.file, pageFacts(doc.file, doc.body)]));
const factsOf = (doc: DocFile) => facts.get(doc.file)!;
const vocabulary = readTags(path.join(ROOT, 'docs/tags.yml'));
const apiGuide = fs.readFileSync(path.join(ROOT, 'api-docs/api-intro.md'), 'utf8');

/** Audience and document-kind tags; every other tag is a topic. */
const AUDIENCE_OR_KIND = new Set([...AUDIENCE_AND_KIND_TAGS].filter((tag) => tag !== 'How-to'));
const SPEC_VOCABULARY = [...AUDIENCE_OR_KIND, 'MSOL', 'Workspace', 'Citrix', 'Microsoft RDS'];
/** Pages whose job is to list other pages; they are held to the index rule, not the word minimum. */
const INDEX_PAGES = new Set([
  '/docs/glossary',
  '/docs/kb/article-index',
  '/docs/gettingstarted/quick-reference-guide',
  '/docs/services/workspace/kb/index',
  ...['customer', 'platform', 'service', 'user'].map((area) => `/docs/troubleshooting/${area}`),
]);

function tagsOf(doc: DocFile): string[] {
  return Array.isArray(doc.frontMatter.tags) ? (doc.frontMatter.tags as string[]) : [];
}

function minimumWords(doc: DocFile): number {
  if (INDEX_PAGES.has(doc.route)) return 150;
  const tags = tagsOf(doc);
  return tags.includes('KB') || tags.includes('Troubleshooting') ? 200 : 350;
}

describe('tag vocabulary', () => {
  it('holds 140 to 150 tags including the spec’s audiences, services and kinds', () => {
    const count = Object.keys(vocabulary).length;
    expect(count, `docs/tags.yml has ${count} tags`).toBeGreaterThanOrEqual(140);
    expect(count).toBeLessThanOrEqual(150);
    for (const tag of SPEC_VOCABULARY)
      expect(Object.keys(vocabulary), `docs/tags.yml lacks "${tag}"`).toContain(tag);
  });

  it('gives every tag a label, a unique permalink and a description', () => {
    const permalinks = Object.values(vocabulary).map((tag) => tag.permalink);
    expect(new Set(permalinks).size).toBe(permalinks.length);
    for (const [key, tag] of Object.entries(vocabulary)) {
      expect(
        tag.label && tag.description,
        `docs/tags.yml: "${key}" needs a label and a description`,
      ).toBeTruthy();
    }
  });
});

/**
 * "see the note in step 2", "in step 2", "the table above", "(Step 2)": what a cell points to without
 * a link, or with a link that names only a step's number.
 */
const POINTS_AWAY =
  /\b(?:see (?:the )?(?:note|table|list|section|steps?)\b|(?:in|see|from) steps? \d+|(?:table|list|section|note|steps?) (?:above|below)\b)|\(steps? \d+\)|^steps? \d+$/i;

describe('documentation pages', () => {
  it('cover every route the specification lists, once each', () => {
    const routes = docs.map((doc) => doc.route);
    const missing = SPEC_DOC_ROUTES.filter(
      (route) => route !== '/docs/how-to-use-the-docs' && !routes.includes(route),
    );
    expect(missing, 'routes with no page: add the file or fix its slug').toEqual([]);
    const duplicates = routes.filter((route, i) => routes.indexOf(route) !== i);
    expect(duplicates, 'routes served by two files').toEqual([]);
  });

  it.each(docs.map((doc) => [doc.file, doc] as const))('%s follows the content guide', (file, doc) => {
    const fm = doc.frontMatter;
    const problems: string[] = [];
    const name = path.basename(file).replace(/\.mdx?$/, '');
    if (typeof fm.title !== 'string' || !fm.title.trim()) problems.push('front matter needs a "title"');
    if (typeof fm.description !== 'string' || fm.description.trim().length < 20)
      problems.push('front matter needs a one-sentence "description" (20 characters or more)');
    if (fm.id !== undefined && fm.id !== name)
      problems.push(`"id: ${fm.id}" must match the file name "${name}"`);
    const tags = tagsOf(doc);
    const unknown = tags.filter((tag) => !(tag in vocabulary));
    if (unknown.length)
      problems.push(`tags not in docs/tags.yml: ${unknown.join(', ')} (use a key from that file)`);
    if (!tags.some((tag) => AUDIENCE_OR_KIND.has(tag)))
      problems.push(`needs an audience or kind tag (one of ${[...AUDIENCE_OR_KIND].join(', ')})`);
    if (!tags.some((tag) => !AUDIENCE_OR_KIND.has(tag))) problems.push('needs at least one topic tag');
    const { text, titles, unlabelledCode, words } = factsOf(doc);
    if (titles) problems.push('remove the "# " heading: the title is the page’s H1');
    if (/lorem ipsum|coming soon|\bTODO\b|\bTBD\b|placeholder text/i.test(text))
      problems.push('reads as unfinished (lorem ipsum / TODO / TBD / coming soon)');
    if (unlabelledCode) problems.push('every code block needs a language (```powershell, ```json …)');
    const minimum = minimumWords(doc);
    if (words < minimum)
      problems.push(`has ${words} words of prose; pages of its kind need at least ${minimum}`);
    // A table is read a row at a time (and Ask AI quotes one row alone): a cell says what it points to.
    for (const cell of factsOf(doc).tableCells.filter((text) => POINTS_AWAY.test(text)))
      problems.push(
        `the table cell "${cell}" points to a step, note or table elsewhere: say what to do, and link to it by its name`,
      );
    const links = new Set(factsOf(doc).links.filter((href) => /\.mdx?(#|$)|^\/docs/.test(href)));
    if (links.size < 2) problems.push('must link to at least two related pages');
    expect(problems, file).toEqual([]);
  });
});

/** The doc files a page links to by relative path (anchors dropped). */
function linkedFiles(doc: DocFile): string[] {
  return factsOf(doc)
    .links.map((href) => /^(\.{1,2}\/[^#\s]+\.mdx?)(#.*)?$/.exec(href)?.[1])
    .filter((file): file is string => Boolean(file))
    .map((file) => path.join(path.dirname(doc.file), file));
}

describe('cross-links between problems and features', () => {
  const byFile = new Map(docs.map((doc) => [doc.file, doc]));
  const articles = docs.filter(
    (doc) =>
      (/^docs\/kb\/kb\d{5}\.md$/.test(doc.file) || tagsOf(doc).includes('Troubleshooting')) &&
      !INDEX_PAGES.has(doc.route),
  );
  const isFeature = (file: string) => !/^docs\/(kb|troubleshooting)\/|glossary/.test(file);

  it.each(articles.map((doc) => [doc.file, doc] as const))(
    '%s links to the feature page it concerns, and that page links back',
    (file, doc) => {
      const features = linkedFiles(doc).filter(isFeature);
      const linkingBack = features.filter((feature) =>
        linkedFiles(byFile.get(feature) as DocFile).includes(file),
      );
      // Articles about the API concern the API guide, which lives in the API docs instance.
      const apiGuideLinksBack =
        factsOf(doc).links.some((href) => href.startsWith('/docs/developer/api/')) &&
        apiGuide.includes(`](${doc.route})`);
      expect(features.length > 0 || apiGuideLinksBack, `${file} links to no feature page`).toBe(true);
      expect(
        linkingBack.length > 0 || apiGuideLinksBack,
        `none of ${features.join(', ')} (nor the API guide) links back to ${file}`,
      ).toBe(true);
    },
  );

  it.each(['adsync', 'citrix-daas', 'exchange', 'file-sharing', 'microsoftonline', 'workspace', 'mfa'])(
    'the %s overview links to its concepts, troubleshooting and knowledge base',
    (service) => {
      const doc = docs.find((candidate) => candidate.route === `/docs/services/${service}`) as DocFile;
      const links = linkedFiles(doc);
      expect(links.some((link) => link.startsWith('docs/concepts/'))).toBe(true);
      expect(links.some((link) => link.startsWith('docs/troubleshooting/'))).toBe(true);
      expect(links.some((link) => link.startsWith('docs/kb/') || link.includes('/kb/'))).toBe(true);
    },
  );
});

describe('what the checks read of a page', () => {
  it('counts prose words, titles, unlabelled code and links with the site’s parser', () => {
    const body = [
      '# A second title',
      '',
      'Run `Get-SMCustomer` as described in [Customers](../concepts/customers.md#lifecycle).',
      '',
      '```',
      'no language here, and these words do not count',
      '```',
      '',
      '```powershell',
      'Get-SMUser',
      '```',
      '',
      '| Symptom | Fix |',
      '|---|---|',
      '| `401` | [Publish the offers](#publish) again |',
      '| `403` | Fix the role ([Step 2](#role)) |',
    ].join('\n');
    expect(pageFacts('docs/page.md', body)).toEqual({
      words: 22,
      text: 'A second title Run Get-SMCustomer as described in Customers . Symptom Fix 401 Publish the offers again 403 Fix the role ( Step 2 )',
      titles: 1,
      unlabelledCode: 1,
      links: ['../concepts/customers.md#lifecycle', '#publish', '#role'],
      tableCells: ['Symptom', 'Fix', '401', 'again', '403', 'Fix the role (Step 2)'],
    });
  });
});
