import type { SourceSection } from '@services-manager-docs/core/search/engine';
import {
  LINK_SECTION,
  plainOf,
  plainUnits,
  unitsText,
  type ContentDoc,
  type DocContent,
} from '../content-model';
import { sectionLabel } from './labels';

/**
 * A doc's search records: its opening and each H2/H3 section but those that only list links, with the
 * anchors the page gives those headings, the breadcrumb a result shows (section label, page title, H2,
 * H3), the section's units with inline content as plain words (tables stay tables, code blocks stay
 * whole) and, on the opening, the page's description.
 */
export function searchSections({ doc, url, pluginId, version, content }: ContentDoc): SourceSection[] {
  const title = doc.title;
  const records: SourceSection[] = [];
  let h2 = '';
  for (const section of content.sections) {
    const heading = plainOf(section.heading);
    if (section.level === 2) h2 = heading;
    const units = plainUnits(section.units);
    if ((!units.length && !heading) || LINK_SECTION.test(heading)) continue;
    const hierarchy = [sectionLabel(url), title];
    if (section.level === 2) hierarchy.push(heading);
    if (section.level === 3) hierarchy.push(h2, heading);
    records.push({
      url: section.anchor ? `${url}#${section.anchor}` : url,
      hierarchy: hierarchy.filter(Boolean),
      title,
      heading,
      units,
      docsTag: `docs-${pluginId}-${version.versionName}`,
      ...(section.level === 1 && doc.description ? { summary: doc.description } : {}),
    });
  }
  return records;
}

/** The glossary's entries: each H3 term and the first paragraph of its definition, as plain words. */
export function glossaryEntries(content: DocContent): { term: string; definition: string }[] {
  return content.sections
    .filter((section) => section.level === 3)
    .map((section) => {
      const first = plainUnits(section.units).find((unit) => unit.type === 'paragraph');
      return { term: plainOf(section.heading), definition: first ? unitsText([first]) : '' };
    });
}
