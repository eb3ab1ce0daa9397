export const CRASH_MESSAGE = 'Deliberate crash for the end-to-end suite';
