/**
 * A section's units as Ask AI composes answers from them: the search index's units when a source
 * carries them, else read back from the section's text (the Markdown subset of `unitsText`: one line
 * per paragraph, `- ` and `N. ` items indented two spaces per level, `| a | b |` rows with the header
 * first, fenced code).
 */
import type { PlainUnit } from '../content/model';

export type { PlainUnit };
export type PlainList = Extract<PlainUnit, { type: 'list' }>;

const ITEM = /^( *)(?:-|(\d+)\.)(?: (.*))?$/;
const FENCE = /^ *```([\w+-]*)\s*$/;
const ROW = /^\| (.*) \|$/;
const indentOf = (line: string) => /^ */.exec(line)![0].length;

/** The units of a section's text, as `unitsText` wrote them. */
export function unitsFromText(text: string): PlainUnit[] {
  const lines = text.split('\n');
  let i = 0;

  /**
   * Units at one indentation, up to a line indented less. Code is written flush left even under a list
   * item; it stays with the item (`codeJoins`) in a numbered list or after an item that introduces it.
   */
  function read(indent: number, codeJoins: boolean): PlainUnit[] {
    const units: PlainUnit[] = [];
    while (i < lines.length) {
      const line = lines[i];
      if (!line.trim()) {
        i++;
        continue;
      }
      const fence = FENCE.exec(line);
      if (
        fence
          ? indent > 0 && (!codeJoins || units.some((unit) => unit.type === 'code'))
          : indentOf(line) < indent
      )
        break;
      if (fence) {
        const code: string[] = [];
        while (++i < lines.length && !/^ *```\s*$/.test(lines[i])) code.push(lines[i]);
        i++;
        units.push({ type: 'code', language: fence[1] || 'text', code: code.join('\n') });
        continue;
      }
      const row = ROW.exec(line.trim());
      if (row) {
        const header = row[1].split(' | ');
        const rows: string[][] = [];
        while (++i < lines.length && ROW.test(lines[i].trim()))
          rows.push(ROW.exec(lines[i].trim())![1].split(' | '));
        units.push({ type: 'table', header, rows });
        continue;
      }
      const item = ITEM.exec(line);
      if (item) {
        const ordered = item[2] !== undefined;
        const list: PlainList = { type: 'list', ordered, start: Number(item[2] ?? 1), items: [] };
        for (;;) {
          const next = ITEM.exec(lines[i] ?? '');
          if (!next) {
            // A note or code between two steps (written flush left) belongs to the step before it.
            let j = i;
            while (j < lines.length && j - i < 40 && !ITEM.test(lines[j])) j++;
            const resumes = ITEM.exec(lines[j] ?? '');
            if (
              !ordered ||
              j === i ||
              !resumes?.[2] ||
              indentOf(lines[j]) !== indentOf(line) ||
              Number(resumes[2]) !== list.start + list.items.length
            )
              break;
            list.items.at(-1)!.units.push(...unitsFromText(lines.slice(i, j).join('\n')));
            i = j;
            continue;
          }
          if (indentOf(lines[i]) !== indentOf(line) || (next[2] !== undefined) !== ordered) break;
          // A numbered list goes on only with the next number.
          if (ordered && list.items.length && Number(next[2]) !== list.start + list.items.length) break;
          i++;
          const nested = read(indentOf(line) + 2, ordered || (next[3] ?? '').endsWith(':'));
          list.items.push({
            checked: null,
            units: [...(next[3] ? [{ type: 'paragraph' as const, text: next[3] }] : []), ...nested],
          });
        }
        units.push(list);
        continue;
      }
      units.push({ type: 'paragraph', text: line.trim() });
      i++;
    }
    return units;
  }
  const units = read(0, false);
  // Anything left (a line indented under nothing) is read as paragraphs rather than lost.
  while (i < lines.length)
    if (lines[i++].trim()) units.push({ type: 'paragraph', text: lines[i - 1].trim() });
  return units;
}
