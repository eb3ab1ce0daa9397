import type { ReactNode } from 'react';
import styles from '../styles.module.css';

/** The search provider failed (the index could not be fetched, the hosted service is unreachable). */
export default function ErrorScreen(): ReactNode {
  return (
    <div className={styles.message} role="alert">
      <p className={styles.messageTitle}>Unable to fetch results</p>
      <p>You might want to check your network connection.</p>
    </div>
  );
}
