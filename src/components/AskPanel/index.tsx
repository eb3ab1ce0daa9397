import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { numberSources, type Source } from '@services-manager-docs/core/ask/extractive';
import { retrieveSources } from '@services-manager-docs/core/ask/retrieve';
import { engineFor, type AskSettings } from '@site/src/ask/engines';
import { AskError } from '@services-manager-docs/core/ask/stream';
import { saveConversation, type Conversation, type Turn } from '@site/src/ask/conversations';
import AnswerMarkdown from '@site/src/components/AnswerMarkdown';
import { trackEvent } from '@site/plugins/analytics/track';
import type { SearchProvider } from '@services-manager-docs/core/search/types';
import styles from './styles.module.css';

export const DISCLAIMER = 'Answers are generated with AI which can make mistakes. Verify responses.';

type Phase = 'searching' | 'thinking' | 'streaming' | 'done';

/** The answer as it streams in, with the sources its citations point to. */
type Live = { markdown: string; sources: (Source & { n: number })[] };

type Props = {
  provider: SearchProvider;
  conversation: Conversation;
  onChange: (conversation: Conversation) => void;
};

function sendFeedbackEvent(turn: Turn, value: 'like' | 'dislike') {
  trackEvent('ask_feedback', {
    value,
    question: turn.question.slice(0, 200),
    cited: turn.answer?.sources.map((s) => s.url).join(' ') ?? '',
  });
}

function TurnView({
  turn,
  phase,
  live,
  onFeedback,
}: {
  turn: Turn;
  phase: Phase;
  live: Live;
  onFeedback: (value: 'like' | 'dislike') => void;
}): ReactNode {
  const [copied, setCopied] = useState(false);
  const answer = turn.answer;
  return (
    <div className={styles.turn}>
      <p className={styles.question}>{turn.question}</p>
      {/* Announced through the panel's status region (below), not from here. */}
      {phase === 'searching' && <p aria-hidden="true">Searching...</p>}
      {phase === 'thinking' && <p aria-hidden="true">Thinking...</p>}
      {phase === 'streaming' && (
        <div aria-busy="true">
          <AnswerMarkdown markdown={live.markdown} sources={live.sources} />
        </div>
      )}
      {phase === 'done' && turn.error && (
        <p className={styles.error} role="alert">
          {turn.error}
        </p>
      )}
      {answer && phase === 'done' && (
        <>
          <AnswerMarkdown markdown={answer.markdown} sources={answer.sources} />
          {
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
          }
        </>
      )}
    </div>
  );
}

/**
 * What the panel's polite status region says: the step in progress, and once an answer is complete that
 * it is there. A streaming answer keeps the "Thinking..." text, so a screen reader announces its arrival
 * once instead of every streamed word; an error is an alert of its own.
 */
function askStatus(phase: Phase, last: Turn | undefined): string {
  if (phase === 'searching') return 'Searching...';
  if (phase === 'thinking' || phase === 'streaming') return 'Thinking...';
  const sources = last?.answer?.sources.length ?? 0;
  return last?.answer ? `Answer ready, with ${sources} source${sources === 1 ? '' : 's'}.` : '';
}

/**
 * Ask AI: retrieves sections through the search provider, answers from them with the configured engine
 * (the offline extractive answerer unless an answer endpoint is set), and shows the answer as it streams
 * in, its sources, copy and feedback. Errors end in a message in the answer area.
 */
export default function AskPanel({ provider, conversation, onChange }: Props): ReactNode {
  const [phase, setPhase] = useState<Phase>('done');
  const [live, setLive] = useState<Live>({ markdown: '', sources: [] });
  const [followUp, setFollowUp] = useState('');
  const running = useRef<AbortController | null>(null);
  const { siteConfig } = useDocusaurusContext();
  const engine = useMemo(() => engineFor(siteConfig.customFields?.ask as AskSettings), [siteConfig]);

  const ask = useCallback(
    async (base: Conversation, question: string) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const { signal } = controller;
      onChange({ ...base, turns: [...base.turns, { question }] });
      const finish = (turn: Turn) => {
        const finished = { ...base, updated: Date.now(), turns: [...base.turns, turn] };
        onChange(finished);
        saveConversation(finished);
        setPhase('done');
      };
      // Each state is committed and painted, however fast the next one follows.
      const show = async (next: Phase) => {
        flushSync(() => setPhase(next));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      };
      try {
        await show('searching');
        signal.throwIfAborted();
        // A follow-up keeps the conversation's subject in the retrieval query.
        const context = base.turns.at(-1)?.question ?? '';
        const sources = await retrieveSources(provider, question, context);
        signal.throwIfAborted();
        await show('thinking');
        signal.throwIfAborted();
        const numbered = numberSources(sources);
        const history = base.turns.flatMap((turn) =>
          turn.answer
            ? [{ question: turn.question, answer: turn.answer.markdown, proof: turn.answer.proof }]
            : [],
        );
        const answer = await engine.answer(
          { question, sources, history },
          (markdown, cited) => {
            if (signal.aborted) return;
            setLive({ markdown, sources: cited ?? numbered });
            setPhase('streaming');
          },
          signal,
        );
        signal.throwIfAborted();
        finish({ question, answer });
      } catch (error) {
        // A newer question or the dialog closing ended this one: nothing to show.
        if (signal.aborted) return;
        finish({
          question,
          error:
            error instanceof AskError ? error.message : 'The answer could not be produced. Try asking again.',
        });
      }
    },
    [provider, engine, onChange],
  );

  useEffect(() => {
    const last = conversation.turns.at(-1);
    if (last && !last.answer && !last.error)
      void ask({ ...conversation, turns: conversation.turns.slice(0, -1) }, last.question);
    // Closing the dialog or opening another conversation cancels the answer in progress.
    return () => running.current?.abort();
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
          live={live}
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
      <p role="status" className="sr-only">
        {askStatus(phase, conversation.turns.at(-1))}
      </p>
    </div>
  );
}
