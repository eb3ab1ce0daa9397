/** The Cortex cmdlets, and how a guide's mention of one (`Get-SMCustomer`) is recognised and linked. */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { editDistance } from '../../src/utils/editDistance';

/** Where the generated cmdlet pages live (the API docs instance's route plus their folder). */
export const CMDLET_ROUTE = '/docs/developer/api/cortex';

/** The data file of cmdlets that wrap no single operation, next to the specification. */
export const EXTRA_CMDLETS_FILE = 'openapi/cortex-cmdlets.yaml';

type Spec = { paths?: Record<string, Record<string, { 'x-cortex'?: { cmdlet?: unknown } }>> };
type Extras = { cmdlets?: { 'x-cortex'?: { cmdlet?: unknown } }[] };

/** Every cmdlet name: the `x-cortex.cmdlet` of each operation and each entry of the data file. */
export function cmdletsOf(spec: Spec, extras: Extras = {}): string[] {
  const names = [
    ...Object.values(spec.paths ?? {}).flatMap((item) =>
      Object.values(item ?? {}).map((operation) => operation?.['x-cortex']?.cmdlet),
    ),
    ...(extras.cmdlets ?? []).map((cmdlet) => cmdlet?.['x-cortex']?.cmdlet),
  ];
  return [...new Set(names.filter((name): name is string => typeof name === 'string'))].sort();
}

/** The data file of extra cmdlets, read from the repository. */
export function readExtras(root = process.cwd()): Extras {
  const file = path.resolve(root, EXTRA_CMDLETS_FILE);
  return fs.existsSync(file) ? ((yaml.load(fs.readFileSync(file, 'utf8')) as Extras) ?? {}) : {};
}

/** The generated page of a cmdlet (`Get-SMCustomer` → `/docs/developer/api/cortex/get-smcustomer`). */
export const cmdletRoute = (name: string) => `${CMDLET_ROUTE}/${name.toLowerCase()}`;

/**
 * The cmdlet inline code starts with (`Get-SMCustomer`, `Get-SMCustomer -First 1`,
 * `Get-SMRequest | Restart-SMRequest`): a `Verb-SMNoun` word followed by nothing or a space.
 */
export function parseCmdletMention(code: string): string | undefined {
  return /^([A-Z][a-z]+-SM[A-Z][A-Za-z0-9]*)(?=\s|$)/.exec(code.trim())?.[1];
}

export type CmdletResolution = { kind: 'cmdlet'; name: string } | { kind: 'unknown'; nearest?: string };

/** A known cmdlet (the case PowerShell ignores is kept as written in the module), or the nearest one. */
export function resolveCmdlet(name: string, cmdlets: string[]): CmdletResolution {
  const exact = cmdlets.find((cmdlet) => cmdlet.toLowerCase() === name.toLowerCase());
  if (exact) return { kind: 'cmdlet', name: exact };
  let nearest: string | undefined;
  let best = Infinity;
  for (const cmdlet of cmdlets) {
    const distance = editDistance(name.toLowerCase(), cmdlet.toLowerCase());
    if (distance < best) [nearest, best] = [cmdlet, distance];
  }
  return { kind: 'unknown', nearest };
}
