import type { ReactNode } from 'react';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type { WrapperProps } from '@docusaurus/types';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import PageFeedback from '@site/src/components/PageFeedback';

type Props = WrapperProps<typeof FooterType>;

/** The stock doc footer (tags, last update), then the page-feedback question. */
export default function FooterWrapper(props: Props): ReactNode {
  const { metadata } = useDoc();
  return (
    <>
      <Footer {...props} />
      <PageFeedback page={metadata.permalink} />
    </>
  );
}
