/** The shape of a docs entry this plugin reads; a subset of the docs plugin's metadata. */
export type DocEntry = {
  id: string;
  permalink: string;
  title: string;
  description: string;
  tags: { label: string; permalink: string }[];
  unlisted?: boolean;
};

export type TagIndex = {
  docs: { id: string; path: string; title: string; description: string; tags: string[] }[];
  tags: Record<string, { label: string; path: string; docs: string[] }>;
};

/** Doc entries with their tags, and for every tag the ids of its docs; both sorted for stable output. */
export function buildTagIndex(entries: DocEntry[]): TagIndex {
  const listed = entries.filter((doc) => !doc.unlisted).sort((a, b) => a.id.localeCompare(b.id));
  const tags: TagIndex['tags'] = {};
  for (const doc of listed) {
    for (const tag of doc.tags) {
      (tags[tag.label] ??= { label: tag.label, path: tag.permalink, docs: [] }).docs.push(doc.id);
    }
  }
  const sortedTags = Object.fromEntries(Object.entries(tags).sort(([a], [b]) => a.localeCompare(b)));
  return {
    docs: listed.map((doc) => ({
      id: doc.id,
      path: doc.permalink,
      title: doc.title,
      description: doc.description,
      tags: doc.tags.map((tag) => tag.label),
    })),
    tags: sortedTags,
  };
}

/** The `keywords` meta content for a doc: its own keywords first, then its tag labels, without repeats. */
export function keywordsFor(keywords: readonly string[] | undefined, tagLabels: readonly string[]): string {
  return [...new Set([...(keywords ?? []), ...tagLabels])].join(', ');
}
