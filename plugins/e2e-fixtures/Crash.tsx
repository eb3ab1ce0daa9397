import { useEffect, useState, type ReactNode } from 'react';

export const CRASH_MESSAGE = 'Deliberate crash for the end-to-end suite';

/** Renders once (so static generation succeeds), then throws in the browser after hydration. */
export default function Crash(): ReactNode {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (hydrated) throw new Error(CRASH_MESSAGE);
  return <main>This page crashes once it is interactive.</main>;
}
