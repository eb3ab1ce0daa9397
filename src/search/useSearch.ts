import { useEffect, useRef, useState } from 'react';
import type { SearchProvider, SearchResponse } from '@services-manager-docs/core/search/types';

/** Runs the query through the provider; only the latest query's answer is kept. */
export function useSearch(provider: SearchProvider, query: string, limit: number, offset = 0) {
  const [response, setResponse] = useState<SearchResponse | undefined>();
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  useEffect(() => {
    const id = ++latest.current;
    if (!query.trim()) {
      setResponse(undefined);
      setLoading(false);
      return;
    }
    setLoading(true);
    void provider.search(query, { limit, offset }).then((result) => {
      if (id !== latest.current) return;
      setResponse(result);
      setLoading(false);
    });
  }, [provider, query, limit, offset]);
  return { response, loading };
}
