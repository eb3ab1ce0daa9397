import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';

/**
 * The theme's mobile menu, mounted in a transition. The theme renders the whole menu (navbar items
 * and the page's sidebar) in the update that follows hydration on a narrow screen, in one task; as a
 * transition React renders it in slices between other work. A menu opened before that has finished
 * mounts at once.
 */
export default function MobileSidebarWrapper(): ReactNode {
  const { shouldRender, shown } = useNavbarMobileSidebar();
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (shouldRender) startTransition(() => setMounted(true));
  }, [shouldRender]);
  return mounted || shown ? <MobileSidebar /> : null;
}
