/**
 * Finds every Cortex cmdlet call (`Verb-SM*`) in Markdown, in PowerShell code blocks and in inline code,
 * with the parameters it passes, and checks them against the generated cmdlet reference.
 */
import type { CortexReference } from '../plugins/api-reference/cortex/model';
import { COMMON_PARAMETERS } from '../plugins/api-reference/cortex/rules';
import { parseTree, walk } from '../plugins/content-model/parse';

export type CmdletCall = { cmdlet: string; line: number; parameters: { name: string; line: number }[] };
export type CallProblem = { line: number; message: string };

const CMDLET = /[A-Z][a-z]+-SM[A-Z][A-Za-z0-9]*/y;
const POWERSHELL_FENCE = /^(powershell|pwsh|ps1?|posh)$/i;

/** Common parameters and their built-in aliases (`-ea`, `-ov`): any cmdlet takes them. */
const COMMON = new Set(
  [
    ...COMMON_PARAMETERS.filter((name) => name !== 'WhatIf' && name !== 'Confirm'),
    ...['db', 'ea', 'ev', 'infa', 'iv', 'ob', 'ov', 'pv', 'proga', 'vb', 'wa', 'wv'],
  ].map((name) => name.toLowerCase()),
);

/**
 * The calls in one piece of PowerShell. A call's arguments run to the end of its pipeline element: a
 * `|`, `;` or line end outside quotes and brackets (a backtick continues the line), or the bracket that
 * closes the expression the call is in. Text inside quotes, `(...)`, `{...}` and `[...]` is not a
 * parameter of the call, but calls nested there are found too.
 */
export function findCalls(code: string, firstLine = 1): CmdletCall[] {
  const calls: CmdletCall[] = [];
  const open: CmdletCall[] = [];
  const depthOf: number[] = [];
  let depth = 0;
  let line = firstLine;
  let quote: string | undefined;
  for (let i = 0; i < code.length; i++) {
    const char = code[i];
    if (char === '\n') line++;
    if (quote) {
      if (char === '`') {
        if (code[i + 1] === '\n') line++;
        i++;
      } else if (char === quote) quote = undefined;
      continue;
    }
    const closeCalls = (until: number) => {
      while (open.length && depthOf[depthOf.length - 1] >= until) {
        open.pop();
        depthOf.pop();
      }
    };
    if (char === '`') {
      if (code[i + 1] === '\n') line++;
      i++;
    } else if (char === '#' && /(^|\s)$/.test(code.slice(Math.max(0, i - 1), i))) {
      while (i + 1 < code.length && code[i + 1] !== '\n') i++;
    } else if (char === "'" || char === '"') quote = char;
    else if ('({['.includes(char)) depth++;
    else if (')}]'.includes(char)) {
      closeCalls(depth);
      depth = Math.max(0, depth - 1);
    } else if (char === '|' || char === ';' || char === '\n') closeCalls(depth);
    else if (char === '-' && /\s/.test(code[i - 1] ?? '') && open.length && depthOf.at(-1) === depth) {
      const name = /^-([A-Za-z][A-Za-z0-9]*)(?=[\s:]|$)/.exec(code.slice(i, i + 80))?.[1];
      if (name) {
        open[open.length - 1].parameters.push({ name, line });
        i += name.length;
      }
    } else if (/[A-Z]/.test(char) && !/[\w$-]/.test(code[i - 1] ?? '')) {
      CMDLET.lastIndex = i;
      const match = CMDLET.exec(code);
      if (match && !/[\w-]/.test(code[i + match[0].length] ?? '')) {
        const call: CmdletCall = { cmdlet: match[0], line, parameters: [] };
        calls.push(call);
        closeCalls(depth);
        open.push(call);
        depthOf.push(depth);
        i += match[0].length - 1;
      }
    }
  }
  return calls;
}

/**
 * Calls in a Markdown document, read with the site's Markdown parser (plugins/content-model): PowerShell
 * code blocks and inline code, with their lines in the file. `file` decides MD or MDX.
 */
export function callsInMarkdown(markdown: string, file = 'page.md'): CmdletCall[] {
  const calls: CmdletCall[] = [];
  for (const node of walk(parseTree(file, markdown))) {
    const line = node.position?.start.line ?? 1;
    if (node.type === 'code' && POWERSHELL_FENCE.test(node.lang ?? ''))
      calls.push(...findCalls(node.value ?? '', line + 1));
    else if (node.type === 'inlineCode') calls.push(...findCalls(node.value ?? '', line));
  }
  return calls;
}

/** Names a document defines itself (`function Invoke-SMApi`), which are not Cortex cmdlets. */
export function definedFunctions(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/\bfunction\s+([A-Z][a-z]+-SM[A-Za-z0-9]+)/g)].map((match) => match[1]),
  );
}

/** Each call to a cmdlet the reference does not have, or with a parameter (or alias) the cmdlet does not have. */
export function checkCalls(markdown: string, reference: CortexReference, file = 'page.md'): CallProblem[] {
  const cmdlets = new Map(reference.cmdlets.map((cmdlet) => [cmdlet.name.toLowerCase(), cmdlet]));
  const own = definedFunctions(markdown);
  const problems: CallProblem[] = [];
  for (const call of callsInMarkdown(markdown, file)) {
    if (own.has(call.cmdlet)) continue;
    const cmdlet = cmdlets.get(call.cmdlet.toLowerCase());
    if (!cmdlet) {
      problems.push({ line: call.line, message: `${call.cmdlet} is not a Cortex cmdlet` });
      continue;
    }
    const names = new Set(
      cmdlet.sets.flatMap((set) =>
        set.parameters.flatMap((parameter) =>
          [parameter.name, ...parameter.aliases].map((name) => name.toLowerCase()),
        ),
      ),
    );
    for (const parameter of call.parameters) {
      const key = parameter.name.toLowerCase();
      if (!names.has(key) && !COMMON.has(key))
        problems.push({
          line: parameter.line,
          message: `${cmdlet.name} has no parameter -${parameter.name} (it has ${[
            ...new Set(cmdlet.sets.flatMap((set) => set.parameters.map((p) => `-${p.name}`))),
          ].join(', ')})`,
        });
    }
  }
  return problems;
}
