import type { RouteConfig } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';
import { withoutDocTable } from '..';

const version = {
  pluginId: 'default',
  version: 'current',
  docsSidebars: { docsSidebar: [{ type: 'link', href: '/docs/a', label: 'A', docId: 'a' }] },
  docs: { a: { id: 'a', title: 'A', description: 'About A.', sidebar: 'docsSidebar' } },
};

describe('withoutDocTable', () => {
  it('empties the table of docs of a version route at any depth and keeps the rest', () => {
    const root: RouteConfig = {
      path: '/docs',
      component: '@theme/DocsRoot',
      routes: [{ path: '/docs', component: '@theme/DocVersionRoot', props: { version }, routes: [] }],
    };
    const [versionRoute] = withoutDocTable(root).routes!;
    expect(versionRoute.props).toEqual({ version: { ...version, docs: {} } });
    expect(root.routes![0].props!.version).toBe(version);
    expect(withoutDocTable(root).path).toBe('/docs');
  });

  it('leaves routes without version metadata as they are', () => {
    const route: RouteConfig = { path: '/docs/a', component: '@theme/DocItem', props: { other: 1 } };
    expect(withoutDocTable(route)).toEqual(route);
  });
});
