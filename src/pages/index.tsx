import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomeCards from '@site/src/components/HomeCards';
import styles from './index.module.css';

function Hero(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const searchPage = useBaseUrl('/search');
  return (
    <div className={styles.hero}>
      <div className="container">
        <Heading as="h1" className={styles.title}>
          {siteConfig.title}
        </Heading>
        <p className={styles.tagline}>{siteConfig.tagline}</p>
        <form className={styles.search} action={searchPage} method="get" role="search">
          <label htmlFor="home-search" className="sr-only">
            Search the documentation
          </label>
          <input
            id="home-search"
            name="q"
            type="search"
            className={styles.searchInput}
            placeholder="Search: billing run, Partner Center token, KB00017…"
            autoComplete="off"
          />
          <button type="submit" className="button button--primary button--lg">
            Search
          </button>
        </form>
        <p className={styles.shortcuts}>
          New here? Read <Link to="/docs">how to use the docs</Link> or jump to the{' '}
          <Link to="/docs/gettingstarted/quick-reference-guide">quick reference guide</Link>.
        </p>
      </div>
    </div>
  );
}

export default function Home(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  return (
    <Layout title="Home" description={`${siteConfig.title}: ${siteConfig.tagline}`}>
      <main>
        <Hero />
        <div className="container margin-vert--xl">
          <HomeCards />
        </div>
      </main>
    </Layout>
  );
}
