import { useEffect, type ReactNode } from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type { WrapperProps } from '@docusaurus/types';
import { useAnnouncementBar } from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

/**
 * The stock bar, plus one fix: the theme hides a dismissed bar before hydration with an attribute on
 * <html> that nothing clears, so an announcement with a new id stayed hidden until the next full load.
 * Keeping the attribute in step with the bar's state shows it at once.
 */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const { isActive } = useAnnouncementBar();
  useEffect(() => {
    document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', String(!isActive));
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
