/** The Cortex cmdlets, and how a guide's mention of one (`Get-SMCustomer`) is recognised and linked. */
import { editDistance } from '@services-manager-docs/core/utils/editDistance';

/** Where the generated cmdlet pages live (the API docs instance's route plus their folder). */
export const CMDLET_ROUTE = '/docs/developer/api/cortex';

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
