/**
 * Loads the specification once per process: read (file or URL), validated with @redocly/openapi-core,
 * brought to the OpenAPI 3 shape, dereferenced and turned into the model, with the Cortex cmdlets file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import yaml from 'js-yaml';
import { buildModel, type CmdletsFile } from './model';
import { formatOf, toOpenApi3 } from './normalize';
import { readSpec, SpecError, validateSpec, type SpecSource } from './source';
import type { ApiModel, Tag } from './types';

/** The Cortex cmdlets that wrap no single operation, next to the specification. */
export const CMDLETS_FILE = 'openapi/cortex-cmdlets.yaml';

export type LoadOptions = {
  /** The cmdlets file (relative to `cwd`), or false to build the model without it. */
  cmdletsFile?: string | false;
  cwd?: string;
};

/** The cmdlets file's text as the model reads it; a file that is not a list of cmdlets throws naming it. */
export function parseCmdletsFile(text: string, file: string): CmdletsFile {
  let parsed: unknown;
  try {
    parsed = yaml.load(text) ?? { cmdlets: [] };
  } catch (error) {
    throw new SpecError(`${file}: not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const { tags, cmdlets } = parsed as { tags?: Tag[]; cmdlets?: unknown };
  if (!Array.isArray(cmdlets)) throw new SpecError(`${file}: expected a "cmdlets" list`);
  return { file, tags, cmdlets: cmdlets as Record<string, unknown>[] };
}

/**
 * The model of a specification's text: validated (a SpecError names the source and the first problem),
 * converted to the OpenAPI 3 shape and dereferenced.
 */
export async function modelFromText(text: string, source: string, cmdlets?: CmdletsFile): Promise<ApiModel> {
  const parsed = await validateSpec(text, source);
  const document = await toOpenApi3(parsed, source);
  return buildModel(document, { source, format: formatOf(parsed), cmdlets });
}

/** Reads, validates and builds the model of a specification (path or URL) and the cmdlets file. */
export async function loadModel(source: SpecSource, options: LoadOptions = {}): Promise<ApiModel> {
  const cwd = options.cwd ?? process.cwd();
  const cmdletsFile = options.cmdletsFile ?? CMDLETS_FILE;
  const [text, cmdletsText] = await Promise.all([
    readSpec(source, cwd),
    cmdletsFile === false
      ? undefined
      : fs.readFile(path.resolve(cwd, cmdletsFile), 'utf8').catch((error: NodeJS.ErrnoException) => {
          throw new SpecError(
            `${cmdletsFile}: ${error.code === 'ENOENT' ? 'file not found' : error.message}`,
          );
        }),
  ]);
  const cmdlets =
    cmdletsFile === false || cmdletsText === undefined
      ? undefined
      : parseCmdletsFile(cmdletsText, cmdletsFile);
  return modelFromText(text, source.location, cmdlets);
}

const cache = new Map<string, Promise<ApiModel>>();

/**
 * The model of a specification, loaded once per process for every plugin and tool that reads it
 * (the build's remark plugins ask for it once per page).
 */
export function apiModel(source: SpecSource, options: LoadOptions = {}): Promise<ApiModel> {
  const key = JSON.stringify([
    source.location,
    options.cmdletsFile ?? CMDLETS_FILE,
    options.cwd ?? process.cwd(),
  ]);
  let model = cache.get(key);
  if (!model) {
    model = loadModel(source, options);
    // A failed load is not kept, so a fixed file is read again.
    model.catch(() => cache.delete(key));
    cache.set(key, model);
  }
  return model;
}
