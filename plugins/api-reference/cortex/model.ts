/** What the Cortex reference knows about one cmdlet, whether derived from an operation or from the data file. */
import type { CmdletExample } from '@services-manager-docs/core/api';

/** An example on a cmdlet page: the shape of the specification's `x-cortex.examples`. */
export type { CmdletExample };

export type CmdletParameter = {
  name: string;
  /** .NET type as PowerShell shows it: `Guid`, `String`, `Int32`, `SwitchParameter`, `Hashtable`, `String[]`. */
  type: string;
  description: string;
  required: boolean;
  /** Zero-based position, or undefined for a named parameter. */
  position?: number;
  pipeline?: 'ByValue' | 'ByPropertyName';
  aliases: string[];
  /** The values a `ValidateSet` allows. */
  values?: string[];
  default?: string;
};

export type ParameterSet = { name: string; parameters: CmdletParameter[] };

/** A REST operation a cmdlet calls, and the reference page that documents it. */
export type OperationRef = {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  page: string;
};

export type Cmdlet = {
  name: string;
  /** The reference tag the cmdlet is grouped under. */
  tag: string;
  /** What the cmdlet does in a few words: its operations' summaries, or its own. */
  summary: string;
  synopsis: string;
  /** Markdown. */
  description: string;
  sets: ParameterSet[];
  examples: CmdletExample[];
  /** Markdown lines, one per input type. */
  inputs: string[];
  /** Markdown lines, one per output type. */
  outputs: string[];
  /** Markdown paragraphs or lists. */
  notes: string[];
  operations: OperationRef[];
};

/** Cmdlets in reference order, and the tags they are grouped by (with descriptions). */
export type CortexReference = { cmdlets: Cmdlet[]; tags: { name: string; description?: string }[] };

/** The file name (and URL segment) of a cmdlet's page. */
export const cmdletSlug = (name: string) => name.toLowerCase();
