import './prism-manual';
import Prism from 'prismjs/components/prism-core';

// Prism's language files extend a global `Prism`; they are imported after this module (see ./prism).
(globalThis as { Prism?: unknown }).Prism = Prism;

export default Prism;
