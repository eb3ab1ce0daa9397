import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useHistory } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Highlighted from '@site/src/components/Highlighted';
import { useSearchProvider } from '@site/src/search/useSearchProvider';
import { addFavorite, addRecent, loadSaved, removeFavorite, removeRecent } from '@site/src/search/storage';
import type { SearchHit } from '@site/src/search/types';
import type { siteLinks as SiteLinks } from '@site/site.links';
import { useSearch } from './useSearch';
import AskPanel from '@site/src/components/AskPanel';
import {
  deleteConversation,
  loadConversations,
  newConversation,
  type Conversation,
} from '@site/src/ask/conversations';
import styles from './styles.module.css';

const LIMIT = 12;

type Props = { initialQuery?: string; onClose: () => void };

/** Hits grouped by their section (the first entry of the hierarchy), in rank order of each group's best hit. */
function groupBySection(hits: SearchHit[]): [string, SearchHit[]][] {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const section = hit.hierarchy[0] ?? 'Documentation';
    groups.set(section, [...(groups.get(section) ?? []), hit]);
  }
  return [...groups];
}

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

type SavedAction = { icon: string; label: (item: string) => string; run: (item: string) => void };

/** A titled list of saved queries: pick one to search again, or act on it (star, remove). */
function SavedList({
  title,
  items,
  onPick,
  actions,
}: {
  title: string;
  items: string[];
  onPick: (item: string) => void;
  actions: SavedAction[];
}): ReactNode {
  if (!items.length) return null;
  return (
    <section aria-label={title}>
      <h2 className={styles.groupTitle}>{title}</h2>
      <ul className={styles.savedList}>
        {items.map((item) => (
          <li key={item} className={styles.savedItem}>
            <button type="button" className={styles.savedQuery} onClick={() => onPick(item)}>
              {item}
            </button>
            {actions.map((action) => (
              <button
                key={action.icon}
                type="button"
                className={styles.savedAction}
                aria-label={action.label(item)}
                onClick={() => action.run(item)}
              >
                {action.icon}
              </button>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function SearchModal({ initialQuery = '', onClose }: Props): ReactNode {
  const provider = useSearchProvider();
  const history = useHistory();
  const { siteConfig } = useDocusaurusContext();
  const supportUrl = (siteConfig.customFields?.siteLinks as typeof SiteLinks).supportPortal;
  const searchPage = useBaseUrl('/search');
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const [saved, setSaved] = useState(loadSaved);
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [conversations, setConversations] = useState(loadConversations);
  const askEntry = useRef<HTMLButtonElement>(null);
  const startAsk = () => {
    if (!query.trim()) return;
    setConversation({ ...newConversation(query.trim()), turns: [{ question: query.trim() }] });
  };
  const leaveAsk = () => {
    setConversation(null);
    setConversations(loadConversations());
    input.current?.focus();
  };
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const { response, loading } = useSearch(provider, query, LIMIT);
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();

  const hits = useMemo(() => (response?.ok ? response.hits : []), [response]);
  const groups = useMemo(() => groupBySection(hits), [hits]);
  const ordered = useMemo(() => groups.flatMap(([, items]) => items), [groups]);

  useEffect(() => setActive(0), [response]);
  useEffect(() => provider.warmUp?.(), [provider]);
  useEffect(() => {
    input.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);
  useEffect(() => {
    if (response?.ok && response.total === 0 && !suggestions.length)
      void provider.suggestions().then(setSuggestions);
  }, [response, provider, suggestions.length]);

  const open = useCallback(
    (hit: SearchHit, newTab = false) => {
      setSaved(addRecent(query));
      if (newTab || /^https?:/.test(hit.url)) {
        window.open(hit.url, '_blank', 'noopener');
        return;
      }
      onClose();
      history.push(hit.url);
    },
    [history, onClose, query],
  );

  const seeAllHref = `${searchPage}?q=${encodeURIComponent(query)}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      // In AI mode the first Escape leaves AI mode; the next one closes the dialog.
      if (conversation) leaveAsk();
      else onClose();
    } else if (
      event.key === 'Tab' &&
      !event.shiftKey &&
      event.target === input.current &&
      askEntry.current &&
      !conversation
    ) {
      event.preventDefault();
      askEntry.current.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!ordered.length) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + ordered.length) % ordered.length);
    } else if (event.key === 'Enter' && event.target === input.current && !conversation && ordered[active]) {
      event.preventDefault();
      open(ordered[active], event.metaKey || event.ctrlKey);
    } else if (event.key === 'Tab') {
      // Keep focus inside the dialog.
      const focusable = dialog.current?.querySelectorAll<HTMLElement>('input, button, a[href]');
      if (!focusable?.length) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  // Escape works wherever focus is: in AI mode the first one leaves AI mode, the next closes the dialog.
  // One listener for the dialog's life, reading the current mode from a ref.
  const escape = useRef(() => {});
  escape.current = conversation ? leaveAsk : onClose;
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      escape.current();
    };
    window.addEventListener('keydown', onEscape, true);
    return () => window.removeEventListener('keydown', onEscape, true);
  }, []);

  const trimmed = query.trim();
  let body: ReactNode;
  // The combobox points at the results list only while the list is on screen.
  let listShown = false;
  if (conversation) {
    body = <AskPanel provider={provider} conversation={conversation} onChange={setConversation} />;
  } else if (!trimmed) {
    body = (
      <div className={styles.start}>
        <SavedList
          title="Favorite searches"
          items={saved.favorites}
          onPick={setQuery}
          actions={[
            {
              icon: '✕',
              label: (item) => `Remove "${item}" from favorites`,
              run: (item) => setSaved(removeFavorite(item)),
            },
          ]}
        />
        <SavedList
          title="Recent searches"
          items={saved.recent}
          onPick={setQuery}
          actions={[
            {
              icon: '☆',
              label: (item) => `Save "${item}" as a favorite`,
              run: (item) => setSaved(addFavorite(item)),
            },
            {
              icon: '✕',
              label: (item) => `Remove "${item}" from recent searches`,
              run: (item) => setSaved(removeRecent(item)),
            },
          ]}
        />
        {conversations.length > 0 && (
          <section aria-label="Recent conversations">
            <h2 className={styles.groupTitle}>Recent conversations</h2>
            <ul className={styles.savedList}>
              {conversations.map((item) => (
                <li key={item.id} className={styles.savedItem}>
                  <button type="button" className={styles.savedQuery} onClick={() => setConversation(item)}>
                    {item.title}
                  </button>
                  <button
                    type="button"
                    className={styles.savedAction}
                    aria-label={`Delete the conversation "${item.title}"`}
                    onClick={() => setConversations(deleteConversation(item.id))}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {!saved.favorites.length && !saved.recent.length && !conversations.length && (
          <p className={styles.hint}>
            Search pages, sections, KB numbers (<code>KB 17</code>), API operations and cmdlets.
          </p>
        )}
      </div>
    );
  } else if (response && !response.ok) {
    body = (
      <div className={styles.message} role="alert">
        <p className={styles.messageTitle}>Unable to fetch results</p>
        <p>You might want to check your network connection.</p>
      </div>
    );
  } else if (response?.ok && response.total === 0) {
    body = (
      <div className={styles.message}>
        <p className={styles.messageTitle}>
          No results found for “<span className={styles.query}>{trimmed}</span>”
        </p>
        {suggestions.length > 0 && (
          <>
            <p>Try searching for</p>
            <ul className={styles.suggestions}>
              {suggestions.map((suggestion) => (
                <li key={suggestion}>
                  <button type="button" className={styles.suggestion} onClick={() => setQuery(suggestion)}>
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        <p>
          Believe this query should return results?{' '}
          <a href={supportUrl} target="_blank" rel="noopener noreferrer">
            Let us know.
          </a>
        </p>
      </div>
    );
  } else {
    let position = -1;
    listShown = true;
    body = (
      <div id={listId} role="listbox" aria-label="Search results" className={styles.results}>
        {groups.map(([section, items]) => (
          <div key={section} role="group" aria-label={section}>
            <div className={styles.groupTitle} aria-hidden="true">
              {section}
            </div>
            {items.map((hit) => {
              position += 1;
              const index = position;
              return (
                <a
                  key={hit.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  href={hit.url}
                  className={styles.hit}
                  tabIndex={-1}
                  onMouseMove={() => setActive(index)}
                  onClick={(event) => {
                    event.preventDefault();
                    open(hit, event.metaKey || event.ctrlKey);
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

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-label="Search the documentation"
        data-answered-query={response?.query ?? ''}
        onKeyDown={onKeyDown}
      >
        <form
          className={styles.form}
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            if (ordered[active]) open(ordered[active]);
          }}
        >
          <input
            ref={input}
            className={styles.input}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search the docs"
            aria-label="Search the docs"
            role="combobox"
            aria-expanded={listShown && ordered.length > 0}
            aria-controls={listShown ? listId : undefined}
            aria-activedescendant={listShown && ordered.length ? `${listId}-${active}` : undefined}
            aria-busy={loading}
            autoComplete="off"
            spellCheck={false}
            maxLength={10_000}
          />
          <button type="button" className={styles.close} onClick={onClose}>
            Esc
          </button>
        </form>
        <div className={styles.body}>
          {trimmed && !conversation && (
            <button ref={askEntry} type="button" className={styles.askEntry} onClick={startAsk}>
              <span className={styles.askLabel}>Ask AI</span> “{trimmed}”
            </button>
          )}
          {body}
        </div>
        {!conversation && response?.ok && response.total > 0 && (
          <div className={styles.footer}>
            <a
              href={seeAllHref}
              onClick={(event) => {
                event.preventDefault();
                setSaved(addRecent(query));
                onClose();
                history.push(seeAllHref);
              }}
            >
              See all {response.total} results
            </a>
            <span className={styles.keys} aria-hidden="true">
              ↑↓ to move · Enter to open · Ctrl+Enter for a new tab · Esc to close
            </span>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
