import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import Metadata from '@theme-init/DocItem/Metadata';
import { keywordsFor } from '../../../buildIndex';

/** The stock doc metadata, with the doc's tags added to `keywords`. */
export default function MetadataWithTags(): ReactNode {
  const { metadata, frontMatter } = useDoc();
  const keywords = keywordsFor(
    frontMatter.keywords,
    metadata.tags.map((tag) => tag.label),
  );
  return (
    <>
      <Metadata />
      {keywords && (
        <Head>
          <meta name="keywords" content={keywords} />
        </Head>
      )}
    </>
  );
}
