/**
 * The Prism the code blocks highlight with: Prism's core and only the languages these docs, their API
 * samples and Ask AI answers use. prism-react-renderer's own build evaluates some forty grammars on
 * load, most of them for languages no page has; this one is a third of the size and evaluates in a
 * fraction of the time. Imports run in order: the core first, then the grammars that extend it.
 */
import Prism from './prism-core';
import 'prismjs/components/prism-markup';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
import 'prismjs/components/prism-typescript';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-yaml';
import 'prismjs/components/prism-python';
import 'prismjs/components/prism-sql';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-powershell';
import 'prismjs/components/prism-csharp';
import 'prismjs/components/prism-http';

delete (globalThis as { Prism?: unknown }).Prism;

export default Prism;
