/**
 * Ask AI answer engines behind one interface. The default engine is the offline extractive answerer;
 * when the site is configured with an answer endpoint (the `npm run ask-proxy` server in front of an
 * OpenAI-compatible model), answers stream from there instead. Either way the sources come from the
 * site's own search (in the browser, or in the proxy over the built index) and the answer cites them
 * as [n].
 */
import {
  answerFromSources,
  numberSources,
  type Answer,
  type Source,
} from '@services-manager-docs/core/ask/extractive';
import { ASK_LIMITS, conversationOf, type AskRequest } from '@services-manager-docs/core/ask/protocol';
import { AskError, readChatStream } from '@services-manager-docs/core/ask/stream';

export type AskInput = {
  question: string;
  sources: Source[];
  /**
   * Earlier turns of the conversation, oldest first. `proof` is the one the Ask AI proxy returned with
   * that turn's answer (`RemoteAnswer.proof`); the offline engine ignores it.
   */
  history: { question: string; answer: string; proof?: string }[];
};

/** An answer from the configured engine, with the proxy's proof of the conversation so far. */
export type RemoteAnswer = Answer & { proof?: string };

export type AnswerEngine = {
  /**
   * Produces the answer, calling `onText` with the Markdown so far each time it grows and, once known,
   * the sources its citations number (the answer's own, which may be fewer than the retrieved ones).
   * Rejects with an AskError carrying a message for the reader; rejects with the abort reason once
   * `signal` aborts.
   */
  answer(
    input: AskInput,
    onText: (markdown: string, sources?: Answer['sources']) => void,
    signal: AbortSignal,
  ): Promise<Answer>;
};

export type AskSettings = {
  /** The answer endpoint (the Ask AI proxy's `/ask`); the offline engine is used without one. */
  endpoint?: string;
  /** The questions the start screen suggests. */
  suggestions?: string[];
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
      onText(words.slice(0, count).join(' '), answer.sources);
      await nextFrame();
    }
    signal.throwIfAborted();
    onText(answer.markdown, answer.sources);
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

/** The sources the proxy announced, as the answer numbers them; undefined for anything else. */
function sourcesOf(data: unknown): Answer['sources'] | undefined {
  const list = (data as { sources?: unknown })?.sources;
  if (!Array.isArray(list)) return undefined;
  const sources: Answer['sources'] = [];
  for (const item of list as Record<string, unknown>[]) {
    const { n, url, title, hierarchy } = item ?? {};
    if (typeof n !== 'number' || typeof url !== 'string' || !url.startsWith('/') || typeof title !== 'string')
      return undefined;
    const path = Array.isArray(hierarchy) ? hierarchy.filter((part) => typeof part === 'string') : [];
    sources.push({ n, url, title, hierarchy: path, text: '' });
  }
  return sources;
}

/**
 * The configured engine: the Ask AI proxy. The proxy retrieves the sources itself and announces them
 * first; earlier turns are sent only with the proof the proxy gave for them (kept here by conversation,
 * or passed in with the turn), otherwise the question goes alone.
 */
export function remoteEngine(
  endpoint: string,
  limits: RemoteLimits = { totalMs: 60_000, idleMs: 20_000 },
): AnswerEngine {
  const proofs = new Map<string, string>();
  return {
    async answer({ question, sources, history }, onText, signal): Promise<RemoteAnswer> {
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
      const asked = question.slice(0, ASK_LIMITS.question);
      const earlier = conversationOf(history);
      const proof = earlier.length
        ? (proofs.get(JSON.stringify(earlier)) ?? history.at(-1)?.proof)
        : undefined;
      const request: AskRequest = proof
        ? { question: asked, history: earlier, proof }
        : { question: asked, history: [] };
      let announced: Answer['sources'] | undefined;
      let nextProof: string | undefined;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(request),
          signal: controller.signal,
        });
        const streamed = (response.headers.get('content-type') ?? '').includes('text/event-stream');
        if (!response.body || (!response.ok && !streamed)) throw await errorOf(response);
        let markdown = '';
        const onEvent = (name: string, data: unknown) => {
          alive();
          if (name === 'sources') announced = sourcesOf(data);
          const value = (data as { proof?: unknown })?.proof;
          if (name === 'proof' && typeof value === 'string') nextProof = value;
        };
        for await (const piece of readChatStream(response.body, { onEvent })) {
          alive();
          markdown += piece;
          onText(markdown, announced);
        }
        if (!response.ok) throw await errorOf(response);
        if (!markdown.trim()) throw new AskError(MESSAGES.empty);
        if (nextProof) {
          if (proofs.size >= 100) proofs.delete(proofs.keys().next().value!);
          proofs.set(
            JSON.stringify(conversationOf([...earlier, { question: asked, answer: markdown }])),
            nextProof,
          );
        }
        return { markdown, sources: announced ?? numberSources(sources), answered: true, proof: nextProof };
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
