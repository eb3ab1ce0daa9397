/** The sidebar section a URL belongs to: the first entry of every result's hierarchy. */
const SECTIONS: [string, string][] = [
  ['/docs/developer/api/reference', 'API reference'],
  ['/docs/developer/api', 'REST API'],
  ['/docs/developer', 'Developer'],
  ['/docs/concepts/platformfeatures', 'Platform features'],
  ['/docs/concepts', 'Concepts'],
  ['/docs/getting-started', 'Getting started'],
  ['/docs/gettingstarted', 'Getting started'],
  ['/docs/services', 'Services'],
  ['/docs/installation', 'Installation'],
  ['/docs/troubleshooting', 'Troubleshooting'],
  ['/docs/kb', 'Knowledge base'],
];

export function sectionLabel(url: string): string {
  return SECTIONS.find(([prefix]) => url === prefix || url.startsWith(`${prefix}/`))?.[1] ?? 'Documentation';
}

/** Tags (keys, and the one label that differs from its key) naming an audience or a kind of page, not a topic. */
export const AUDIENCE_AND_KIND_TAGS = new Set([
  'Service Provider Admin',
  'Service Provider',
  'Reseller Admin',
  'Customer Admin',
  'Documentation',
  'KB',
  'howto',
  'How-to',
  'Troubleshooting',
]);

/** Shown under "Try searching for" when a query finds nothing: the topics the most pages carry. */
export function popularTopics(tagLabels: string[], count = 8): string[] {
  const counts = new Map<string, number>();
  for (const label of tagLabels)
    if (!AUDIENCE_AND_KIND_TAGS.has(label)) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([label]) => label);
}
