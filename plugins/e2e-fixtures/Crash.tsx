import { useEffect, useState, type ReactNode } from 'react';
import Layout from '@theme/Layout';

import { CRASH_MESSAGE } from './constants';

function Bomb(): ReactNode {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Renders once (so static generation succeeds), then throws in the browser after hydration.
  if (hydrated) throw new Error(CRASH_MESSAGE);
  return <p>This page crashes once it is interactive.</p>;
}

/** Inside the site layout, like every real page, so the theme's own crash page catches the error. */
export default function Crash(): ReactNode {
  return (
    <Layout title="Crash fixture" noFooter>
      <main className="container margin-vert--lg">
        <Bomb />
      </main>
    </Layout>
  );
}
