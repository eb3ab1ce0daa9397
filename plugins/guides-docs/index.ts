import docsPlugin, { validateOptions } from '@docusaurus/plugin-content-docs';
import type { LoadedContent, PluginOptions, PropVersionMetadata } from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin, RouteConfig } from '@docusaurus/types';

/**
 * The guides' docs instance: @docusaurus/plugin-content-docs unchanged but for one route prop. Every doc
 * page downloads its version's metadata, and with it a table of every doc's title and description
 * (`version.docs`, 43 KB of the 64 KB file, about 10 KB gzip) that only doc cards read (`useDocById`).
 * The guides render no doc cards, so the table is left empty. A guide that adds a DocCardList fails the
 * build with the theme's own "no version doc found by id" error; it cannot render wrong. The API
 * reference instance renders cards and keeps its table.
 */
export default async function guidesDocsPlugin(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options);
  return {
    ...plugin,
    contentLoaded: (args) =>
      plugin.contentLoaded!({
        ...args,
        actions: { ...args.actions, addRoute: (route) => args.actions.addRoute(withoutDocTable(route)) },
      }),
  };
}

export { validateOptions };

/** The route with its version metadata props (at any depth) carrying no table of docs. */
export function withoutDocTable(route: RouteConfig): RouteConfig {
  const version = route.props?.version as PropVersionMetadata | undefined;
  return {
    ...route,
    ...(version?.docs ? { props: { ...route.props, version: { ...version, docs: {} } } } : {}),
    ...(route.routes ? { routes: route.routes.map(withoutDocTable) } : {}),
  };
}
