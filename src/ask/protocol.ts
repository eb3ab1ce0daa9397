/**
 * What the browser sends the Ask AI proxy (`npm run ask-proxy`): one question, the sources retrieved
 * for it and the conversation so far, within these limits. The proxy refuses larger requests; the
 * browser trims what it sends to fit.
 */
export const ASK_LIMITS = {
  question: 1000,
  sources: 6,
  sourcesText: 12_000,
  title: 300,
  url: 2000,
  turns: 6,
  turnAnswer: 4000,
};
