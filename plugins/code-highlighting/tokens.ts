/**
 * Code as the code block renders it: lines of tokens, each with every Prism token type it is nested in,
 * exactly as `prism-react-renderer` makes them. Pages get their tokens at build time (./remark) in a
 * compact form that this module writes and reads, so no page downloads Prism to show its own code.
 */
import type Prism from './prism';

export type PrismLib = typeof Prism;
type PrismToken = string | { type: string; alias?: string | string[]; content: PrismToken | PrismToken[] };

export type Token = { types: string[]; content: string; empty?: boolean };

/** A run of code with one set of types, before it is cut into lines. */
type Piece = { types: string[]; content: string };

/** Adds a token type to its parent's types, once. */
function withType(types: string[], add: string | string[] | undefined): string[] {
  if (add === undefined) return types;
  return typeof add === 'string' && types[types.length - 1] === add ? types : types.concat(add);
}

/** Prism's nested token stream as a flat list of pieces, each with every type it is nested in. */
function flatten(tokens: PrismToken[]): Piece[] {
  const pieces: Piece[] = [];
  const walk = (stream: PrismToken[], parentTypes: string[] | undefined) => {
    for (const token of stream) {
      if (typeof token === 'string') {
        pieces.push({ types: parentTypes ?? ['plain'], content: token });
        continue;
      }
      const types = withType(withType(parentTypes ?? [], token.type), token.alias);
      if (typeof token.content === 'string') pieces.push({ types, content: token.content });
      else walk(Array.isArray(token.content) ? token.content : [token.content], types);
    }
  };
  walk(tokens, undefined);
  return pieces;
}

/** Pieces cut into lines; an empty line holds one empty "plain" token marked `empty` so it keeps its height. */
function toLines(pieces: Piece[]): Token[][] {
  const lines: Token[][] = [[]];
  for (const { types, content } of pieces) {
    const [first, ...rest] = content.split(/\r\n|\r|\n/);
    lines[lines.length - 1].push({ types, content: first });
    for (const part of rest) {
      markEmpty(lines[lines.length - 1]);
      lines.push([{ types, content: part }]);
    }
  }
  markEmpty(lines[lines.length - 1]);
  return lines;
}

function markEmpty(line: Token[]) {
  if (line.length === 0) line.push({ types: ['plain'], content: '\n', empty: true });
  else if (line.length === 1 && line[0].content === '') {
    line[0].content = '\n';
    line[0].empty = true;
  }
}

function pieces(prism: PrismLib, code: string, language: string): Piece[] {
  const grammar = prism.languages[language];
  if (!grammar) return [{ types: ['plain'], content: code }];
  const env = { code, grammar, language, tokens: [] as PrismToken[] };
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(env.code, env.grammar) as PrismToken[];
  prism.hooks.run('after-tokenize', env);
  return flatten(env.tokens);
}

/** The lines of tokens of `code`; a language Prism has no grammar for is one plain token a line. */
export const tokenize = (prism: PrismLib, code: string, language: string): Token[][] =>
  toLines(pieces(prism, code, language));

/** `code` as unhighlighted lines: what a block shows until its highlighter arrives. */
export const plainLines = (code: string): Token[][] => toLines([{ types: ['plain'], content: code }]);

/**
 * The tokens of `code` in a compact string: the distinct type lists (`plain|keyword|string url`), then
 * `;`, then one `index:length` pair a piece. The code itself is not repeated; reading slices it.
 */
export function encodeTokens(prism: PrismLib, code: string, language: string): string {
  const table: string[] = [];
  const runs = pieces(prism, code, language).map(({ types, content }) => {
    const key = types.join(' ');
    let index = table.indexOf(key);
    if (index < 0) index = table.push(key) - 1;
    return `${index}:${content.length}`;
  });
  return `${table.join('|')};${runs.join(',')}`;
}

/** The lines `encodeTokens` describes for `code`, or undefined when they do not cover that code exactly. */
export function decodeTokens(encoded: string, code: string): Token[][] | undefined {
  const split = encoded.indexOf(';');
  if (split < 0) return undefined;
  const table = encoded.slice(0, split).split('|');
  const runs = encoded.slice(split + 1);
  const result: Piece[] = [];
  let position = 0;
  for (const run of runs ? runs.split(',') : []) {
    const [index, length] = run.split(':').map(Number);
    const types = table[index]?.split(' ');
    if (!types || !(length >= 0) || position + length > code.length) return undefined;
    result.push({ types, content: code.slice(position, (position += length)) });
  }
  return position === code.length ? toLines(result) : undefined;
}
