/**
 * Ask AI answer engines behind one interface. The default engine is the offline extractive answerer;
 * when the site is configured with an answer endpoint (the `npm run ask-proxy` server in front of an
 * OpenAI-compatible model), answers stream from there instead. Either way the sources come from the
 * search provider and the answer cites them as [n].
 */
import { answerFromSources, numberSources, type Answer, type Source } from './extractive';
import { ASK_LIMITS } from './protocol';
import { AskError, readChatStream } from './stream';

export type AskInput = {
  question: string;
  sources: Source[];
  /** Earlier turns of the conversation, oldest first. */
  history: { question: string; answer: string }[];
};

export type AnswerEngine = {
  /**
   * Produces the answer, calling `onText` with the Markdown so far each time it grows. Rejects with an
   * AskError carrying a message for the reader; rejects with the abort reason once `signal` aborts.
   */
  answer(input: AskInput, onText: (markdown: string) => void, signal: AbortSignal): Promise<Answer>;
};

export type AskSettings = {
  /** The answer endpoint (the Ask AI proxy's `/ask`); the offline engine is used without one. */
  endpoint?: string;
};

const nextFrame = () =>
  new Promise<void>((resolve) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => resolve())
      : setTimeout(resolve, 16),
  );

/** The offline engine: answers from the sources' own sentences, shown a few words per frame. */
export const extractiveEngine: AnswerEngine = {
  async answer({ question, sources }, onText, signal) {
    const answer = answerFromSources(question, sources);
    const words = answer.markdown.split(' ');
    for (let count = 1; count < words.length; count += 3) {
      signal.throwIfAborted();
      onText(words.slice(0, count).join(' '));
      await nextFrame();
    }
    signal.throwIfAborted();
    onText(answer.markdown);
    return answer;
  },
};

/** Limits for the configured engine: all of an answer, and the longest wait between two pieces. */
export type RemoteLimits = { totalMs: number; idleMs: number };

const MESSAGES = {
  timeout: 'The answer service took too long to reply. Try again in a moment.',
  network: 'The answer service could not be reached. Check your connection and try again.',
  busy: 'Too many questions in a short time. Wait a minute, then ask again.',
  empty: 'The answer service sent an empty answer. Try rephrasing the question.',
};

async function errorOf(response: Response): Promise<AskError> {
  if (response.status === 429) return new AskError(MESSAGES.busy);
  let message = '';
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    if (typeof body?.error?.message === 'string') message = body.error.message;
  } catch {
    // Not JSON: the status says enough.
  }
  return new AskError(
    message || `The answer service returned an error (HTTP ${response.status}). Try again.`,
  );
}

/** The configured engine: the Ask AI proxy, read as a chat-completions stream. */
export function remoteEngine(
  endpoint: string,
  limits: RemoteLimits = { totalMs: 60_000, idleMs: 20_000 },
): AnswerEngine {
  return {
    async answer({ question, sources, history }, onText, signal) {
      const controller = new AbortController();
      let timedOut = false;
      const stop = () => controller.abort(signal.reason);
      signal.addEventListener('abort', stop);
      const expire = () => {
        timedOut = true;
        controller.abort();
      };
      const total = setTimeout(expire, limits.totalMs);
      let idle = setTimeout(expire, limits.idleMs);
      const alive = () => {
        clearTimeout(idle);
        idle = setTimeout(expire, limits.idleMs);
      };
      const numbered = numberSources(sources);
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          // Within the proxy's limits: the latest turns only, long answers shortened.
          body: JSON.stringify({
            question: question.slice(0, ASK_LIMITS.question),
            sources: sources
              .slice(0, ASK_LIMITS.sources)
              .map(({ url, title, text }) => ({ url, title: title.slice(0, ASK_LIMITS.title), text })),
            history: history.slice(-ASK_LIMITS.turns).map((turn) => ({
              question: turn.question.slice(0, ASK_LIMITS.question),
              answer: turn.answer.slice(0, ASK_LIMITS.turnAnswer),
            })),
          }),
          signal: controller.signal,
        });
        const streamed = (response.headers.get('content-type') ?? '').includes('text/event-stream');
        if (!response.body || (!response.ok && !streamed)) throw await errorOf(response);
        let markdown = '';
        for await (const piece of readChatStream(response.body)) {
          alive();
          markdown += piece;
          onText(markdown);
        }
        if (!response.ok) throw await errorOf(response);
        if (!markdown.trim()) throw new AskError(MESSAGES.empty);
        return { markdown, sources: numbered, answered: true };
      } catch (error) {
        signal.throwIfAborted();
        if (timedOut) throw new AskError(MESSAGES.timeout);
        if (error instanceof AskError) throw error;
        throw new AskError(MESSAGES.network);
      } finally {
        clearTimeout(total);
        clearTimeout(idle);
        signal.removeEventListener('abort', stop);
      }
    },
  };
}

export function engineFor(settings: AskSettings | undefined): AnswerEngine {
  return settings?.endpoint ? remoteEngine(settings.endpoint) : extractiveEngine;
}
