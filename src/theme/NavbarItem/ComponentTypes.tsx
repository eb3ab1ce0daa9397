import type { ComponentType } from 'react';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import LocaleDropdownNavbarItem from '@theme/NavbarItem/LocaleDropdownNavbarItem';
import SearchNavbarItem from '@theme/NavbarItem/SearchNavbarItem';
import DocSidebarNavbarItem from '@theme/NavbarItem/DocSidebarNavbarItem';

/**
 * The navbar item types the navbar uses (docusaurus.config.ts), where the theme maps nine: the doc,
 * docs-version and HTML items stay out of every page's main bundle. An item of another type stops the
 * build with the theme's "No NavbarItem component found for type" error.
 */
const ComponentTypes: Record<string, ComponentType<never>> = {
  default: DefaultNavbarItem,
  dropdown: DropdownNavbarItem,
  localeDropdown: LocaleDropdownNavbarItem,
  search: SearchNavbarItem,
  docSidebar: DocSidebarNavbarItem,
};

export default ComponentTypes;
