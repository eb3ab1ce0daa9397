import { Prism } from 'prism-react-renderer';

// Prism's language files register themselves on a global `Prism`; this module provides it to the
// grammars imported after it (see ./prism-languages).
(globalThis as { Prism?: unknown }).Prism = Prism;
