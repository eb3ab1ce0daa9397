/** PowerShell text: literals for example calls, and objects as `Format-List` shows them. */

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A value written as a PowerShell literal: `'text'`, `42`, `$true`, `'a', 'b'`, `@{ key = 'value' }`. */
export function psLiteral(value: unknown): string {
  if (value === null || value === undefined) return '$null';
  if (typeof value === 'boolean') return value ? '$true' : '$false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (Array.isArray(value)) {
    const items = value.map(psLiteral);
    return value.some((item) => item !== null && typeof item === 'object')
      ? `@(${items.join(', ')})`
      : items.join(', ');
  }
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, item]) => `${IDENTIFIER.test(key) ? key : psLiteral(key)} = ${psLiteral(item)}`,
  );
  return entries.length ? `@{ ${entries.join('; ')} }` : '@{}';
}

/** A command and its arguments, wrapped with backticks when the line would be longer than `width`. */
export function psCommand(name: string, args: string[], width = 100): string {
  const lines: string[] = [name];
  for (const arg of args) {
    const last = lines.length - 1;
    if (`${lines[last]} ${arg}`.length <= width || lines[last].trim() === '') lines[last] += ` ${arg}`;
    else {
      lines[last] += ' `';
      lines.push(`    ${arg}`);
    }
  }
  return lines.join('\n');
}

function listValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `{${value.map(listValue).join(', ')}}`;
  if (typeof value === 'object')
    return `@{${Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${key}=${listValue(item)}`)
      .join('; ')}}`;
  return String(value);
}

/** An object as PowerShell's default list view prints it: one `name : value` line per property. */
export function formatList(value: Record<string, unknown>): string {
  const keys = Object.keys(value);
  const width = Math.max(0, ...keys.map((key) => key.length));
  return keys.map((key) => `${key.padEnd(width)} : ${listValue(value[key])}`.trimEnd()).join('\n');
}
