import path from 'node:path';
import { apiModel, type SpecSource } from '@services-manager-docs/core/api';
import { GENERATED_DIR } from '../api-reference';
import {
  isBarePath,
  mentionable,
  parseMention,
  referenceRoute,
  resolveMention,
  type Operation,
} from './operations';
import { cmdletRoute, parseCmdletMention, resolveCmdlet } from './cmdlets';

type Node = {
  type: string;
  lang?: string | null;
  value?: string;
  url?: string;
  position?: { start: { line: number } };
  children?: Node[];
};
type File = { path?: string; history?: string[] };
type Api = { operations: Operation[]; basePath: string; host?: string; cmdlets: string[] };

async function loadApi(source: SpecSource): Promise<Api> {
  const model = await apiModel(source);
  return {
    operations: mentionable(model.operations),
    basePath: model.basePath,
    host: model.host,
    cmdlets: model.cmdlets.map((cmdlet) => cmdlet.name).sort(),
  };
}

/**
 * The request of an ```http block (`POST /api/v2/customers HTTP/1.1` and its `Host` header) as
 * `METHOD URL`, if the block starts with a request line.
 */
function requestLine(code: string): string | undefined {
  const line = /^\s*([A-Z]+) (\S.*?)(?: HTTP\/[\d.]+)?\s*$/.exec(code.split('\n')[0] ?? '');
  if (!line) return undefined;
  const host = /^host:\s*(\S+)\s*$/im.exec(code)?.[1];
  return `${line[1]} ${host && line[2].startsWith('/') ? `https://${host}${line[2]}` : line[2]}`;
}

/**
 * Turns each Cortex cmdlet written as inline code (`Get-SMCustomer`, also at the start of a command)
 * into a link to its generated cmdlet page; a `Verb-SMNoun` name that is not a cmdlet fails the build
 * with the nearest one.
 *
 * Turns each operation written as inline code (`POST /api/v2/customers`, with or without the base path,
 * with templates or example ids) into a link to its generated reference page, and checks the request
 * line of ```http blocks. A method and path the specification does not have fails the build with the
 * file, the line and the nearest real operation.
 */
export default function remarkApiMentions(options: { spec: SpecSource }) {
  return async (tree: Node, file: File) => {
    const filePath = path.relative(process.cwd(), file.path ?? file.history?.[0] ?? 'a page');
    if (filePath.split(path.sep).join('/').startsWith(`${GENERATED_DIR}/`)) return;
    const api = await loadApi(options.spec);
    const problems: string[] = [];
    const check = (text: string, node: Node) => {
      if (isBarePath(text, api.basePath)) {
        problems.push(
          `${filePath}:${node.position?.start.line ?? '?'}: \`${text}\` names a path without its method; write it as \`METHOD ${text}\` (for example \`GET ${text}\`).`,
        );
        return undefined;
      }
      const mention = parseMention(text);
      if (!mention) return undefined;
      const resolution = resolveMention(mention, api.operations, api.basePath, api.host);
      if (resolution.kind === 'unknown') {
        const nearest = resolution.nearest
          ? ` The nearest operation is \`${resolution.nearest.method} ${resolution.nearest.path}\` (${resolution.nearest.operationId}).`
          : '';
        problems.push(
          `${filePath}:${node.position?.start.line ?? '?'}: \`${text}\` is not an operation of the REST API v2 specification (${options.spec.location}).${nearest}`,
        );
      }
      return resolution.kind === 'operation' ? referenceRoute(resolution.operation) : undefined;
    };
    const checkCmdlet = (text: string, node: Node) => {
      const name = parseCmdletMention(text);
      if (!name) return undefined;
      const resolution = resolveCmdlet(name, api.cmdlets);
      if (resolution.kind === 'cmdlet') return cmdletRoute(resolution.name);
      problems.push(
        `${filePath}:${node.position?.start.line ?? '?'}: \`${name}\` is not a Cortex cmdlet of the specification (${options.spec.location} and openapi/cortex-cmdlets.yaml).${resolution.nearest ? ` The nearest cmdlet is \`${resolution.nearest}\`.` : ''}`,
      );
      return undefined;
    };
    // Code already inside a link is checked but keeps its link.
    const visit = (node: Node, inLink: boolean) => {
      node.children?.forEach((child, index) => {
        if (child.type === 'code' && child.lang === 'http') {
          const line = requestLine(child.value ?? '');
          if (line) check(line, child);
          return;
        }
        if (child.type !== 'inlineCode') return visit(child, inLink || child.type === 'link');
        const url = check(child.value ?? '', child) ?? checkCmdlet(child.value ?? '', child);
        if (url && !inLink) node.children![index] = { type: 'link', url, children: [child] };
      });
    };
    visit(tree, false);
    if (problems.length) {
      throw new Error(
        `${problems.join('\n')}\nWrite operations as \`METHOD /path\` from the specification and cmdlets as the x-cortex extension names them; declare a non-API endpoint once in plugins/api-mentions/operations.ts.`,
      );
    }
  };
}
