import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import Link from '@docusaurus/Link';
import { answerFromSources, searchQueryFor, type Answer } from '@site/src/ask/extractive';
import { selectSources } from '@site/src/ask/retrieve';
import { saveConversation, type Conversation, type Turn } from '@site/src/ask/conversations';
import type { SearchProvider } from '@site/src/search/types';
import styles from './styles.module.css';

export const DISCLAIMER = 'Answers are generated with AI which can make mistakes. Verify responses.';

type Phase = 'searching' | 'thinking' | 'streaming' | 'done';

type Props = {
  provider: SearchProvider;
  conversation: Conversation;
  onChange: (conversation: Conversation) => void;
};

/** Answer text with [n] citations turned into links to the numbered sources. Text only, never HTML. */
function AnswerText({ answer, shown }: { answer: Answer; shown: string }): ReactNode {
  return shown.split(/(\[\d+\])/).map((part, i) => {
    const cite = /^\[(\d+)\]$/.exec(part);
    const source = cite && answer.sources[Number(cite[1]) - 1];
    return source ? (
      <Link key={i} to={source.url} className={styles.cite} aria-label={`Source ${cite[1]}: ${source.title}`}>
        {part}
      </Link>
    ) : (
      part
    );
  });
}

function sendFeedbackEvent(turn: Turn, value: 'like' | 'dislike') {
  const va = (window as unknown as { va?: (kind: 'event', data: unknown) => void }).va;
  try {
    va?.('event', {
      name: 'ask_feedback',
      data: {
        value,
        question: turn.question.slice(0, 200),
        cited: turn.answer?.sources.map((s) => s.url).join(' ') ?? '',
      },
    });
  } catch {
    // Analytics must never break the answer screen.
  }
}

function TurnView({
  turn,
  phase,
  shown,
  onFeedback,
}: {
  turn: Turn;
  phase: Phase;
  shown: string;
  onFeedback: (value: 'like' | 'dislike') => void;
}): ReactNode {
  const [copied, setCopied] = useState(false);
  const answer = turn.answer;
  return (
    <div className={styles.turn}>
      <p className={styles.question}>{turn.question}</p>
      {phase === 'searching' && <p role="status">Searching...</p>}
      {phase === 'thinking' && <p role="status">Thinking...</p>}
      {answer && (phase === 'streaming' || phase === 'done') && (
        <>
          <p className={styles.answer} aria-live="polite">
            <AnswerText answer={answer} shown={phase === 'done' ? answer.markdown : shown} />
          </p>
          {phase === 'done' && (
            <>
              {answer.sources.length > 0 && (
                <section aria-label="Related sources">
                  <h3 className={styles.sourcesTitle}>Related sources</h3>
                  <ol className={styles.sources}>
                    {answer.sources.map((source) => (
                      <li key={source.n}>
                        <Link to={source.url}>{source.hierarchy.slice(1).join(' › ') || source.title}</Link>
                      </li>
                    ))}
                  </ol>
                </section>
              )}
              <div className={styles.actions}>
                <button
                  type="button"
                  className={styles.action}
                  onClick={() =>
                    void navigator.clipboard
                      .writeText(answer.markdown)
                      .then(() => setCopied(true))
                      .catch(() => undefined)
                  }
                >
                  {copied ? 'Copied!' : 'Copy'}
                </button>
                {turn.feedback ? (
                  <span role="status">Thanks for your feedback!</span>
                ) : (
                  <>
                    <button type="button" className={styles.action} onClick={() => onFeedback('like')}>
                      Like
                    </button>
                    <button type="button" className={styles.action} onClick={() => onFeedback('dislike')}>
                      Dislike
                    </button>
                  </>
                )}
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Ask AI: retrieves sections through the search provider, answers from them with the offline extractive
 * engine, and shows the answer appearing word by word, its sources, copy and feedback.
 */
export default function AskPanel({ provider, conversation, onChange }: Props): ReactNode {
  const [phase, setPhase] = useState<Phase>('done');
  const [shown, setShown] = useState('');
  const [followUp, setFollowUp] = useState('');
  const running = useRef(0);

  const ask = useCallback(
    async (base: Conversation, question: string) => {
      const id = ++running.current;
      const turns = [...base.turns, { question }];
      onChange({ ...base, turns });
      // Each state is committed and painted, however fast the next one follows.
      const show = async (next: Phase) => {
        flushSync(() => setPhase(next));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      };
      await show('searching');
      if (id !== running.current) return;
      // A follow-up keeps the conversation's subject in the retrieval query.
      const context = base.turns
        .map((turn) => turn.question)
        .slice(-1)
        .join(' ');
      const result = await provider.search(searchQueryFor(`${question} ${context}`), {
        limit: 12,
        withText: true,
      });
      if (id !== running.current) return;
      await show('thinking');
      if (id !== running.current) return;
      const hits = result.ok ? result.hits.map((hit) => ({ ...hit, text: hit.text ?? hit.snippet })) : [];
      const answer = answerFromSources(question, selectSources(hits));
      const finished = { ...base, updated: Date.now(), turns: [...base.turns, { question, answer }] };
      onChange(finished);
      saveConversation(finished);
      setPhase('streaming');
      const words = answer.markdown.split(' ');
      for (let count = 1; count <= words.length; count += 3) {
        if (id !== running.current) return;
        setShown(words.slice(0, count).join(' '));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      if (id === running.current) setPhase('done');
    },
    [provider, onChange],
  );

  useEffect(() => {
    const last = conversation.turns.at(-1);
    if (last && !last.answer)
      void ask({ ...conversation, turns: conversation.turns.slice(0, -1) }, last.question);
    return () => {
      running.current += 1;
    };
    // Runs once per conversation opened; later questions go through `ask` directly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversation.id]);

  const feedback = (index: number, value: 'like' | 'dislike') => {
    const turns = conversation.turns.map((turn, i) => (i === index ? { ...turn, feedback: value } : turn));
    const next = { ...conversation, turns };
    onChange(next);
    saveConversation(next);
    sendFeedbackEvent(conversation.turns[index], value);
  };

  return (
    <div className={styles.panel}>
      {conversation.turns.map((turn, i) => (
        <TurnView
          key={i}
          turn={turn}
          phase={i === conversation.turns.length - 1 ? phase : 'done'}
          shown={shown}
          onFeedback={(value) => feedback(i, value)}
        />
      ))}
      <form
        className={styles.followUp}
        onSubmit={(event) => {
          event.preventDefault();
          if (!followUp.trim() || phase !== 'done') return;
          void ask(conversation, followUp.trim());
          setFollowUp('');
        }}
      >
        <input
          className={styles.followUpInput}
          value={followUp}
          onChange={(event) => setFollowUp(event.target.value)}
          placeholder="Ask a follow-up question"
          aria-label="Ask a follow-up question"
          // Entering AI mode moves focus here, so the keyboard stays inside the dialog.
          autoFocus
        />
        <button type="submit" className={styles.action}>
          Ask
        </button>
      </form>
      <p className={styles.disclaimer}>{DISCLAIMER}</p>
    </div>
  );
}
