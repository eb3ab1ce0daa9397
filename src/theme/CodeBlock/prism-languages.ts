/**
 * The languages the docs use beyond those built into prism-react-renderer (JavaScript, JSON, Python,
 * SQL and more), registered when the first code block renders rather than in every page's main bundle.
 * Imports run in order: the global Prism first, then the grammars that extend it.
 */
import './prism-global';
import 'prismjs/components/prism-powershell';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-csharp';
import 'prismjs/components/prism-http';

delete (globalThis as { Prism?: unknown }).Prism;
