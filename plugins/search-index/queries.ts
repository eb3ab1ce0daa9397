import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { pageKind, type SourceSection } from '@services-manager-docs/core/search/engine';
import { unitsText } from '@services-manager-docs/core/content/model';
import { sentences } from '@services-manager-docs/core/ask/extractive';

/**
 * Where the queries readers type for each section are kept: one YAML file per page, named after the
 * page's URL (`search-queries/docs/kb/kb00004.yml` for /docs/kb/kb00004), mapping each section's
 * anchor (`'#resolution'`, or `'#'` for the page's opening) to the questions, symptoms and keywords
 * that section answers in readers' own words. Search indexes them with the section and never shows them.
 */
export const QUERIES_DIR = 'search-queries';

/** The key of a section in its page's queries file: its anchor, or `#` for the opening. */
function sectionKeyOf(url: string): string {
  return `#${url.split('#')[1] ?? ''}`;
}

const pageOf = (url: string) => url.split('#')[0].replace(/(.)\/$/, '$1');

/**
 * Each listed section's queries, by section URL, from the files under `dir`. A file that names no page,
 * a key that names no section of its page or a value that is not a list of queries stops the build with
 * the file and the problem.
 */
export function readQueries(dir: string, sections: SourceSection[]): Map<string, string[]> {
  const byPage = new Map<string, Map<string, string>>();
  for (const section of sections) {
    const page = pageOf(section.url);
    if (!byPage.has(page)) byPage.set(page, new Map());
    byPage.get(page)!.set(sectionKeyOf(section.url), section.url);
  }
  const queries = new Map<string, string[]>();
  if (!fs.existsSync(dir)) return queries;
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ya?ml$/.test(file))
    .sort();
  for (const file of files) {
    const shown = path.join(path.basename(dir), file);
    const page = `/${file
      .replace(/\.ya?ml$/, '')
      .split(path.sep)
      .join('/')}`;
    const keys = byPage.get(page);
    if (!keys)
      throw new Error(`${shown}: no searchable page ${page} (a queries file is named after its page's URL).`);
    let data: unknown;
    try {
      data = yaml.load(fs.readFileSync(path.join(dir, file), 'utf8'));
    } catch (error) {
      throw new Error(`${shown}: not valid YAML: ${(error as Error).message.split('\n')[0]}`);
    }
    if (!data || typeof data !== 'object' || Array.isArray(data))
      throw new Error(
        `${shown}: expected a mapping from section anchors ('#anchor', '#' for the opening) to lists of queries.`,
      );
    for (const [key, value] of Object.entries(data)) {
      const url = keys.get(key);
      if (!url)
        throw new Error(
          `${shown}: "${key}" is not a searchable section of ${page}; its sections are ${[...keys.keys()].join(', ')}.`,
        );
      if (!Array.isArray(value) || !value.every((query) => typeof query === 'string' && query.trim()))
        throw new Error(`${shown}: "${key}" must list queries, one non-empty string each.`);
      queries.set(
        url,
        value.map((query: string) => query.trim()),
      );
    }
  }
  return queries;
}

/**
 * The written pages (not generated from the specification) none of whose sections has queries: each
 * needs its file, or it would rank below the pages that have one.
 */
export function pagesWithoutQueries(sections: SourceSection[], queries: Map<string, string[]>): string[] {
  const pages = new Map<string, boolean>();
  for (const section of sections) {
    if (pageKind(section.url) !== 'guide') continue;
    const page = pageOf(section.url);
    pages.set(page, (pages.get(page) ?? false) || queries.has(section.url));
  }
  return [...pages].filter(([, has]) => !has).map(([page]) => page);
}

/**
 * The sections with their queries: a written page's from its queries file; the opening of a page
 * generated from the specification (an operation or a cmdlet, which no file lists) by what the generator
 * says the page is: its title, its description's first sentence and its first paragraph ("The Cortex
 * PowerShell cmdlet to create a customer (POST /customers)"), so that it competes with the written pages
 * on the same fields; each of its other sections by the page's title and the section's heading.
 */
export function withQueries(sections: SourceSection[], queries: Map<string, string[]>): SourceSection[] {
  return sections.map((section) => {
    const listed = queries.get(section.url);
    if (listed) return { ...section, queries: listed };
    if (pageKind(section.url) === 'guide') return section;
    // One of its sections: the page's name with the section's ("Wait-SMRequest Parameters"), so that a
    // question naming the page and asking what a section says finds the section as well as the opening.
    if (section.url.includes('#'))
      return { ...section, queries: [`${section.title} ${section.hierarchy.at(-1)}`] };
    const firstParagraph = section.units.find((unit) => unit.type === 'paragraph');
    const generated = [
      section.title,
      sentences(section.summary ?? '')[0] ?? '',
      firstParagraph ? unitsText([firstParagraph]) : '',
    ].filter(Boolean);
    return { ...section, queries: generated };
  });
}
