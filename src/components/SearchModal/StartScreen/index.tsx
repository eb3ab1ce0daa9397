import { useState, type ReactNode } from 'react';
import { addFavorite, loadSaved, removeFavorite, removeRecent } from '@site/src/search/storage';
import { deleteConversation, loadConversations, type Conversation } from '@site/src/ask/conversations';
import styles from '../styles.module.css';

type Entry = { key: string; label: string };
type Action = { icon: string; label: (entry: Entry) => string; run: (entry: Entry) => void };

/** A titled list of saved entries: pick one to reopen it, or act on it (star, remove). */
function SavedList({
  title,
  entries,
  onPick,
  actions,
}: {
  title: string;
  entries: Entry[];
  onPick: (entry: Entry) => void;
  actions: Action[];
}): ReactNode {
  if (!entries.length) return null;
  return (
    <section aria-label={title}>
      <h2 className={styles.groupTitle}>{title}</h2>
      <ul className={styles.savedList}>
        {entries.map((entry) => (
          <li key={entry.key} className={styles.savedItem}>
            <button type="button" className={styles.savedQuery} onClick={() => onPick(entry)}>
              {entry.label}
            </button>
            {actions.map((action) => (
              <button
                key={action.icon}
                type="button"
                className={styles.savedAction}
                aria-label={action.label(entry)}
                onClick={() => action.run(entry)}
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

const queries = (items: string[]): Entry[] => items.map((item) => ({ key: item, label: item }));

/**
 * The dialog before anything is typed: favourite and recent searches, recent Ask AI conversations, or
 * a hint when there are none, and the questions Ask AI suggests. Read from local storage each time the
 * screen appears.
 */
export default function StartScreen({
  onSearch,
  onOpenConversation,
  suggestions,
  onAsk,
}: {
  onSearch: (query: string) => void;
  onOpenConversation: (conversation: Conversation) => void;
  suggestions: string[];
  onAsk: (question: string) => void;
}): ReactNode {
  const [saved, setSaved] = useState(loadSaved);
  const [conversations, setConversations] = useState(loadConversations);
  const search = (entry: Entry) => onSearch(entry.key);
  return (
    <div className={styles.start}>
      <SavedList
        title="Favorite searches"
        entries={queries(saved.favorites)}
        onPick={search}
        actions={[
          {
            icon: '✕',
            label: ({ label }) => `Remove "${label}" from favorites`,
            run: ({ key }) => setSaved(removeFavorite(key)),
          },
        ]}
      />
      <SavedList
        title="Recent searches"
        entries={queries(saved.recent)}
        onPick={search}
        actions={[
          {
            icon: '☆',
            label: ({ label }) => `Save "${label}" as a favorite`,
            run: ({ key }) => setSaved(addFavorite(key)),
          },
          {
            icon: '✕',
            label: ({ label }) => `Remove "${label}" from recent searches`,
            run: ({ key }) => setSaved(removeRecent(key)),
          },
        ]}
      />
      <SavedList
        title="Recent conversations"
        entries={conversations.map(({ id, title }) => ({ key: id, label: title }))}
        onPick={({ key }) => {
          const conversation = conversations.find((item) => item.id === key);
          if (conversation) onOpenConversation(conversation);
        }}
        actions={[
          {
            icon: '✕',
            label: ({ label }) => `Delete the conversation "${label}"`,
            run: ({ key }) => setConversations(deleteConversation(key)),
          },
        ]}
      />
      {suggestions.length > 0 && (
        <section aria-label="Ask AI">
          <h2 className={styles.groupTitle}>Ask AI</h2>
          <ul className={styles.savedList}>
            {suggestions.map((question) => (
              <li key={question} className={styles.savedItem}>
                <button type="button" className={styles.savedQuery} onClick={() => onAsk(question)}>
                  {question}
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
}
