import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

export type HomeCard = {
  title: string;
  audience: string;
  description: string;
  links: { label: string; to: string }[];
};

/** The front door's sections, one per reader role; every `to` is checked by the build's link check. */
export const HOME_CARDS: HomeCard[] = [
  {
    title: 'Run the platform',
    audience: 'Service provider administrators',
    description:
      'Install Services Manager, connect services, set up billing and brands, and keep jobs healthy.',
    links: [
      { label: 'Installation overview', to: '/docs/installation/overview' },
      { label: 'Billing setup guide', to: '/docs/concepts/platformfeatures/billing/setup-guide' },
      { label: 'Scheduled jobs', to: '/docs/concepts/platformfeatures/jobs' },
    ],
  },
  {
    title: 'Sell through resellers',
    audience: 'Reseller administrators',
    description: 'Create customers, publish plans, and bill them under your own brand.',
    links: [
      { label: 'Channel support', to: '/docs/concepts/channel-support' },
      { label: 'Customer management', to: '/docs/getting-started/customer-management' },
      { label: 'Brand management', to: '/docs/concepts/platformfeatures/brand-management' },
    ],
  },
  {
    title: 'Manage your organization',
    audience: 'Customer administrators',
    description: 'Add users, import them from a directory or a spreadsheet, and assign their services.',
    links: [
      { label: 'User management', to: '/docs/getting-started/user-management' },
      { label: 'Bulk import', to: '/docs/getting-started/user-management/bulk-import' },
      { label: 'Multi-factor authentication', to: '/docs/services/mfa' },
    ],
  },
  {
    title: 'Deliver services',
    audience: 'Provider and reseller administrators',
    description:
      'Microsoft Online, Hosted Exchange, Workspace, File Sharing, Citrix DaaS and Directory Sync.',
    links: [
      { label: 'Microsoft Online', to: '/docs/services/microsoftonline' },
      { label: 'Workspace', to: '/docs/services/workspace' },
      { label: 'Hosted Exchange', to: '/docs/services/exchange' },
    ],
  },
  {
    title: 'Solve a problem',
    audience: 'Everyone',
    description: 'Symptom-first troubleshooting guides and thirty knowledge-base articles.',
    links: [
      { label: 'Knowledge base index', to: '/docs/kb/article-index' },
      { label: 'Platform troubleshooting', to: '/docs/troubleshooting/platform' },
      { label: 'Stuck RabbitMQ messages', to: '/docs/troubleshooting/stuck-messages-rabbitmq' },
    ],
  },
  {
    title: 'Learn the model',
    audience: 'New administrators',
    description: 'Tenancy, core entities and how a change becomes a provisioned service.',
    links: [
      { label: 'Introduction', to: '/docs/concepts/introduction' },
      { label: 'Core entities', to: '/docs/concepts/core-entities' },
      { label: 'Glossary', to: '/docs/glossary' },
    ],
  },
];

export default function HomeCards({ cards = HOME_CARDS }: { cards?: HomeCard[] }): ReactNode {
  return (
    <section aria-labelledby="home-sections" className={styles.section}>
      <Heading as="h2" id="home-sections" className={styles.heading}>
        Start where your role starts
      </Heading>
      <ul className={styles.grid}>
        {cards.map((card) => (
          <li key={card.title} className={styles.card}>
            <Heading as="h3" className={styles.cardTitle}>
              {card.title}
            </Heading>
            <p className={styles.audience}>{card.audience}</p>
            <p>{card.description}</p>
            <ul className={styles.links}>
              {card.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
