// Tells Prism's core, before it runs, not to highlight the page by itself (that would rewrite the
// server-rendered code blocks under React) and not to listen for worker messages.
(globalThis as { Prism?: unknown }).Prism = { manual: true, disableWorkerMessageHandler: true };
