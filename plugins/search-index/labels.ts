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

/** Shown under "Try searching for" when a query finds nothing. */
export const SUGGESTIONS = [
  'billing run',
  'Partner Center',
  'user plan',
  'RabbitMQ',
  'bulk import',
  'Workspace items',
  'MFA',
  'API authentication',
];
