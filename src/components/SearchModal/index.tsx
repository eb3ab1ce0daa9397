import {
  useEffect,
  useId,
  useLayoutEffect,
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
import { trackEvent } from '@site/plugins/analytics/track';
import { takeEarlyInput } from '@site/plugins/early-input/searchInput';
import { newConversation, type Conversation } from '@site/src/ask/conversations';
import type { AskSettings } from '@site/src/ask/engines';
import AskPanel from '@site/src/components/AskPanel';
import { addRecent } from '@site/src/search/storage';
import { MAX_QUERY_LENGTH } from '@services-manager-docs/core/search/types';
import { useSearch } from '@site/src/search/useSearch';
import { useSearchProvider } from '@site/src/search/useSearchProvider';
import ErrorScreen from './ErrorScreen';
import NoResultsScreen from './NoResultsScreen';
import ResultsScreen from './ResultsScreen';
import StartScreen from './StartScreen';
import { useDialogKeyboard } from './useDialogKeyboard';
import { groupBySection, optionId, resultsKeyAction, resultsStatus, screenFor } from './utils';
import styles from './styles.module.css';

const LIMIT = 12;

type Props = { onClose: () => void };

/**
 * The search dialog: the search box, the screen for its state (start, results, no results, error, or
 * the Ask AI conversation), and the keys that move through and open results.
 */
export default function SearchModal({ onClose }: Props): ReactNode {
  const provider = useSearchProvider();
  const history = useHistory();
  const searchPage = useBaseUrl('/search');
  const [query, setQuery] = useState('');
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [active, setActive] = useState(0);
  const { response, loading } = useSearch(provider, query, LIMIT);
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const askEntry = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { siteConfig } = useDocusaurusContext();
  const suggestions = (siteConfig.customFields?.ask as AskSettings | undefined)?.suggestions ?? [];
  const ask = (question: string) => setConversation({ ...newConversation(question), turns: [{ question }] });

  const trimmed = query.trim();
  const screen = screenFor(conversation !== null, query, response);
  const groups = useMemo(() => groupBySection(response?.ok ? response.hits : []), [response]);
  const ordered = useMemo(() => groups.flatMap(([, hits]) => hits), [groups]);
  // The combobox points at the results list only while the list is on screen.
  const options = screen === 'results' ? ordered.length : 0;

  // What the reader typed between asking for search and this dialog's first render (see
  // plugins/early-input) moves into the search box before anything else can happen.
  useLayoutEffect(() => {
    const typed = takeEarlyInput(input.current!);
    if (typed) setQuery(typed);
  }, []);
  useEffect(() => setActive(0), [response]);
  useEffect(() => provider.warmUp?.(), [provider]);

  const leaveAsk = () => {
    setConversation(null);
    input.current?.focus();
  };
  // In AI mode the first Escape leaves AI mode; otherwise Escape closes the dialog.
  const trapFocus = useDialogKeyboard(dialog, input, conversation ? leaveAsk : onClose);

  const open = (index: number, newTab = false) => {
    const hit = ordered[index];
    addRecent(query);
    trackEvent('search_result', { query: trimmed.slice(0, MAX_QUERY_LENGTH), url: hit.url, rank: index + 1 });
    if (newTab || /^https?:/.test(hit.url)) {
      window.open(hit.url, '_blank', 'noopener');
      return;
    }
    onClose();
    history.push(hit.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = resultsKeyAction(event, {
      inSearchBox: event.target === input.current,
      count: options,
      active,
      canAsk: askEntry.current !== null,
    });
    if (!action) {
      trapFocus(event);
      return;
    }
    event.preventDefault();
    if (action.kind === 'ask') askEntry.current?.focus();
    else if (action.kind === 'move') setActive(action.index);
    else open(action.index, action.newTab);
  };

  const seeAllHref = `${searchPage}?q=${encodeURIComponent(query)}`;

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
        <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
          <input
            ref={input}
            className={styles.input}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search the docs"
            aria-label="Search the docs"
            role="combobox"
            aria-expanded={options > 0}
            aria-controls={screen === 'results' ? listId : undefined}
            aria-activedescendant={options ? optionId(listId, active) : undefined}
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
            <button ref={askEntry} type="button" className={styles.askEntry} onClick={() => ask(trimmed)}>
              <span className={styles.askLabel}>Ask AI</span> “{trimmed}”
            </button>
          )}
          {conversation && (
            <AskPanel provider={provider} conversation={conversation} onChange={setConversation} />
          )}
          {screen === 'start' && (
            <StartScreen
              onSearch={setQuery}
              onOpenConversation={setConversation}
              suggestions={suggestions}
              onAsk={ask}
            />
          )}
          {screen === 'error' && <ErrorScreen />}
          {screen === 'noResults' && (
            <NoResultsScreen query={trimmed} provider={provider} onSearch={setQuery} />
          )}
          {screen === 'results' && (
            <ResultsScreen
              listId={listId}
              groups={groups}
              active={active}
              onActivate={setActive}
              onOpen={open}
            />
          )}
        </div>
        {!conversation && response?.ok && response.total > 0 && (
          <div className={styles.footer}>
            <a
              href={seeAllHref}
              onClick={(event) => {
                event.preventDefault();
                addRecent(query);
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
        <p role="status" className="sr-only">
          {resultsStatus(screen, response)}
        </p>
      </div>
    </div>,
    document.body,
  );
}
