import type { Config } from '@docusaurus/types';

/** The options a site configuration gives the plugin it names by `name` (its module path). */
export function pluginOptions(config: Config, name: string): Record<string, unknown> {
  const entry = config.plugins?.find((plugin) => Array.isArray(plugin) && plugin[0] === name);
  if (!Array.isArray(entry)) throw new Error(`docusaurus.config.ts has no plugin ${name} with options`);
  return entry[1] as Record<string, unknown>;
}
