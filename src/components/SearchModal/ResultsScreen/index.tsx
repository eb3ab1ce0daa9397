import { useEffect, type ReactNode } from 'react';
import Highlighted from '@site/src/components/Highlighted';
import type { SearchHit } from '@services-manager-docs/core/search/types';
import { optionId } from '../utils';
import styles from '../styles.module.css';

function HitContent({ hit }: { hit: SearchHit }): ReactNode {
  const heading = hit.hierarchy[hit.hierarchy.length - 1] ?? '';
  const path = hit.hierarchy.slice(1, -1).join(' › ');
  return (
    <>
      <span className={styles.hitTitle}>
        <Highlighted text={heading} ranges={hit.titleHighlights} />
      </span>
      {path && <span className={styles.hitPath}>{path}</span>}
      {hit.snippet && (
        <span className={styles.hitSnippet}>
          <Highlighted text={hit.snippet} ranges={hit.highlights} />
        </span>
      )}
    </>
  );
}

/**
 * The results as a listbox, one group per section. `active` counts options across the groups, in the
 * order shown; the search box keeps focus and points at the active option.
 */
export default function ResultsScreen({
  listId,
  groups,
  active,
  onActivate,
  onOpen,
}: {
  listId: string;
  groups: [string, SearchHit[]][];
  active: number;
  onActivate: (index: number) => void;
  onOpen: (index: number, newTab: boolean) => void;
}): ReactNode {
  useEffect(() => {
    document.getElementById(optionId(listId, active))?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  let position = -1;
  return (
    <div id={listId} role="listbox" aria-label="Search results">
      {groups.map(([section, hits]) => (
        <div key={section} role="group" aria-label={section}>
          <div className={styles.groupTitle} aria-hidden="true">
            {section}
          </div>
          {hits.map((hit) => {
            position += 1;
            const index = position;
            return (
              <a
                key={hit.id}
                id={optionId(listId, index)}
                role="option"
                aria-selected={index === active}
                href={hit.url}
                className={styles.hit}
                tabIndex={-1}
                onMouseMove={() => onActivate(index)}
                onClick={(event) => {
                  event.preventDefault();
                  onOpen(index, event.metaKey || event.ctrlKey);
                }}
              >
                <HitContent hit={hit} />
              </a>
            );
          })}
        </div>
      ))}
    </div>
  );
}
