/**
 * The Ask AI proxy's protocol (`npm run ask-proxy`), shared by the proxy and the browser.
 *
 * Request: `POST /ask` with `{ question, history, proof? }`. The proxy retrieves the documentation
 * sources itself; the browser sends only the question and the conversation's earlier turns, with the
 * `proof` the proxy gave for them (the proxy refuses earlier turns it cannot verify).
 *
 * Response: server-sent events. `event: sources` (the numbered sources the answer cites as [n]), then
 * chat-completions chunks with the answer text, then `event: proof` (the proof for the conversation
 * including this turn), then `data: [DONE]`. A failure is `event: error` with `{ error: { message } }`.
 */
export const ASK_LIMITS = {
  question: 1000,
  turns: 6,
  turnAnswer: 4000,
};

export type AskTurn = { question: string; answer: string };
export type AskRequest = { question: string; history: AskTurn[]; proof?: string };

/** A source as the proxy announces it: what the reader sees and where the citation [n] links. */
export type SourceRef = { n: number; url: string; title: string; hierarchy: string[] };

/**
 * The conversation as the proxy signs it and the browser sends it: the latest turns only, each
 * question and answer cut to the limits. Both sides use this, so the same text is signed and sent.
 */
export const conversationOf = (history: AskTurn[]): AskTurn[] =>
  history.slice(-ASK_LIMITS.turns).map(({ question, answer }) => ({
    question: question.slice(0, ASK_LIMITS.question),
    answer: answer.slice(0, ASK_LIMITS.turnAnswer),
  }));
