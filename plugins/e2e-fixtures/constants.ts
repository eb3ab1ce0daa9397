export const CRASH_MESSAGE = 'Deliberate crash for the end-to-end suite';

/** Session-storage key whose value, in the test build only, becomes the Ask AI answer endpoint. */
export const ASK_ENDPOINT_KEY = 'sm-e2e-ask-endpoint';
