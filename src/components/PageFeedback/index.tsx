import { useEffect, useId, useState, type ReactNode } from 'react';
import { loadFeedback, saveFeedback, sendFeedback, type Feedback } from './feedback';
import styles from './styles.module.css';

/** "Was this page helpful?" with Yes/No, an optional comment, and the answer remembered per page. */
export default function PageFeedback({ page }: { page: string }): ReactNode {
  const [feedback, setFeedback] = useState<Feedback | undefined>();
  const [comment, setComment] = useState('');
  const [sent, setSent] = useState(false);
  const commentId = useId();

  useEffect(() => {
    setFeedback(loadFeedback(page));
    setSent(false);
    setComment('');
  }, [page]);

  const vote = (value: Feedback['vote']) => {
    const next = { vote: value };
    setFeedback(next);
    setSent(false);
    saveFeedback(page, next);
    sendFeedback(page, next);
  };

  const submitComment = () => {
    if (!feedback || !comment.trim()) return;
    const next = { ...feedback, comment: comment.trim() };
    setFeedback(next);
    saveFeedback(page, next);
    sendFeedback(page, next);
    setSent(true);
  };

  return (
    <section className={styles.feedback} aria-label="Page feedback">
      <div className={styles.question}>
        <span id={`${commentId}-q`}>Was this page helpful?</span>
        <div role="group" aria-labelledby={`${commentId}-q`} className={styles.buttons}>
          {(['yes', 'no'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={styles.button}
              aria-pressed={feedback?.vote === value}
              onClick={() => vote(value)}
            >
              {value === 'yes' ? 'Yes' : 'No'}
            </button>
          ))}
        </div>
      </div>
      {feedback && !sent && !feedback.comment && (
        <form
          className={styles.comment}
          onSubmit={(event) => {
            event.preventDefault();
            submitComment();
          }}
        >
          <label htmlFor={commentId}>
            {feedback.vote === 'yes' ? 'What helped? (optional)' : 'What was missing or wrong? (optional)'}
          </label>
          <textarea
            id={commentId}
            rows={3}
            maxLength={500}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <button type="submit" className={styles.button} disabled={!comment.trim()}>
            Send
          </button>
        </form>
      )}
      {feedback && (
        <p role="status" className={styles.thanks}>
          Thanks for your feedback!
        </p>
      )}
    </section>
  );
}
