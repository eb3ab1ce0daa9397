/**
 * `/SKILL.md`: what an AI assistant can do with Services Manager and how, in the form agent tools read
 * (a name and a description in front matter, then Markdown). Generated from the API model (operations,
 * cmdlets, scopes, lifecycles, the idempotency, rate-limit and error facts of the specification) and the
 * docs (where each lifecycle is shown), with absolute links to the pages. ./__tests__/skill.test.ts holds
 * it to the specification like every page: no unknown operation, cmdlet or state.
 */
import fs from 'node:fs';
import {
  jsonContent,
  successResponse,
  type ApiModel,
  type Operation,
  type Parameter,
  type Schema,
} from '@services-manager-docs/core/api';
import { lifecycleCheck, operationNotes, type Lifecycle } from '@services-manager-docs/core/api/lifecycle';
import { cmdletSlug } from '../api-reference/cortex/model';
import { operationPageId } from '../api-reference/pageId';
import { DOWNLOADS } from './downloads';

/** The API docs instance's route, where the guides, the reference and the cmdlet pages are. */
export const API_ROUTE = 'docs/developer/api';

export type SkillContext = {
  /** The site's URL with its base URL and a trailing slash: `https://docs.example.com/`. */
  site: string;
  /** Schema name → the page path (after the base URL) and anchor where its lifecycle is shown. */
  lifecyclePages: Map<string, string>;
};

type Json = Record<string, unknown>;

const oneLine = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
/** The first sentence of a description. */
const sentence = (text: string | undefined) =>
  oneLine(text)
    .match(/^.*?[.!?](\s|$)/)?.[0]
    .trim() ?? oneLine(text);
const code = (text: string) => `\`${text}\``;

/** `::lifecycle{schema="Customer"}` blocks in a doc's source, with the anchor of the heading above each. */
export function lifecycleBlocks(source: string): { schema: string; anchor?: string }[] {
  const blocks: { schema: string; anchor?: string }[] = [];
  let anchor: string | undefined;
  for (const line of source.split('\n')) {
    const heading = /^#{2,6}\s.*\{#([\w-]+)\}\s*$/.exec(line);
    if (heading) anchor = heading[1];
    const block = /^::lifecycle\{schema="([^"]+)"\}/.exec(line.trim());
    if (block) blocks.push({ schema: block[1], ...(anchor ? { anchor } : {}) });
  }
  return blocks;
}

/**
 * Where each lifecycle is shown, from the docs' sources: `docs` are `[file, permalink]` pairs
 * (permalinks start with the base URL, which is left out).
 */
export function lifecyclePages(
  docs: [file: string, permalink: string][],
  baseUrl: string,
): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [file, permalink] of docs) {
    if (!/\.mdx?$/.test(file)) continue;
    for (const block of lifecycleBlocks(fs.readFileSync(file, 'utf8')))
      if (!pages.has(block.schema))
        pages.set(
          block.schema,
          `${permalink.slice(baseUrl.length)}${block.anchor ? `#${block.anchor}` : ''}`,
        );
  }
  return pages;
}

/** States the platform moves no further on its own: every way out of them is an operation, or there is none. */
const settledStates = (lifecycle: Lifecycle) =>
  lifecycle.states
    .map((state) => state.name)
    .filter((state) =>
      lifecycle.transitions.every((transition) => !transition.from?.includes(state) || transition.operation),
    );

const orList = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}` : (items[0] ?? '');

export function skillMarkdown(model: ApiModel, context: SkillContext): string {
  const { site } = context;
  const page = (path: string) => `${site}${path}`;
  const reference = (operation: Operation) =>
    page(`${API_ROUTE}/reference/${operationPageId(operation.operationId)}`);
  const cmdletPage = (name: string) => page(`${API_ROUTE}/cortex/${cmdletSlug(name)}`);
  const guide = (id: string, anchor: string) => page(`${API_ROUTE}/${id}#${anchor}`);
  const mention = (operation: Operation) => code(`${operation.method.toUpperCase()} ${operation.path}`);
  const cmdletOf = (operation: Operation) =>
    typeof operation['x-cortex']?.cmdlet === 'string' ? operation['x-cortex'].cmdlet : undefined;
  const lifecycles = lifecycleCheck(model.document).model;
  const notes = operationNotes(lifecycles);
  const document = model.document as typeof model.document & { components?: Json };
  const components = (document.components ?? {}) as {
    securitySchemes?: Record<
      string,
      { description?: string; flows?: Record<string, { scopes?: Record<string, string> }> }
    >;
    responses?: Record<string, { description?: string; headers?: Record<string, { description?: string }> }>;
  };
  const scopes = Object.values(components.securitySchemes ?? {}).flatMap((scheme) =>
    Object.values(scheme.flows ?? {}).flatMap((flow) => Object.entries(flow.scopes ?? {})),
  );
  const oauth = Object.values(components.securitySchemes ?? {}).find((scheme) => scheme.flows);
  const token = model.operations.find(
    (operation) => Array.isArray(operation.security) && !operation.security.length,
  );
  const scopesOf = (operation: Operation) => [
    ...new Set((operation.security ?? []).flatMap((requirement) => Object.values(requirement).flat())),
  ];
  const takesKey = (operation: Operation) =>
    operation.parameters.some(
      (parameter: Parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key',
    );
  const keyParameter = model.operations
    .flatMap((operation) => operation.parameters)
    .find((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
  const queues = (operation: Operation) => successResponse(operation)?.status === '202';
  const request = lifecycles.lifecycles.get('Request');
  const getRequest = model.operations.find(
    (operation) =>
      operation.method === 'get' &&
      model.schemaName(jsonContent(successResponse(operation)?.response)?.schema as Schema | undefined) ===
        'Request',
  );
  const tooMany = Object.values(components.responses ?? {}).find(
    (response) => response.headers?.['Retry-After'],
  );
  const errorCode = model.schemas.Error?.properties?.code?.description;
  const paging = ['$top', '$skip']
    .map((name) =>
      model.operations
        .flatMap((operation) => operation.parameters)
        .find((parameter) => parameter.name === name),
    )
    .filter((parameter): parameter is Parameter => Boolean(parameter));
  const byTag = (tag: string) => model.operations.filter((operation) => operation.tags.includes(tag));
  const described = model.tags.filter((tag) => byTag(tag.name).length);
  const untagged = model.operations.filter((operation) => !operation.tags.length);
  const fileCmdlets = model.cmdlets.filter((cmdlet) => cmdlet.entry);
  const firstParagraph = oneLine((model.description ?? '').split(/\n\s*\n/)[0]);
  /** A bullet of the specification's overview, `- **Rate limit:** …`, without its label. */
  const infoLine = (label: string) =>
    (model.description ?? '')
      .split('\n')
      .map((line) => new RegExp(`^\\s*- \\*\\*${label}:\\*\\*\\s*(.+)$`).exec(line)?.[1])
      .find(Boolean);

  const operationLine = (operation: Operation) => {
    const cmdlet = cmdletOf(operation);
    const facts = [
      mention(operation),
      code(operation.operationId),
      cmdlet ? `Cortex ${code(cmdlet)}` : '',
      scopesOf(operation).length ? `scope ${scopesOf(operation).map(code).join(' or ')}` : 'no token',
      queues(operation) ? 'answers 202 and runs on' : '',
      takesKey(operation) ? 'takes `Idempotency-Key`' : '',
    ].filter(Boolean);
    const rule = notes[operation.operationId];
    return `- [${operation.summary || operation.operationId}](${reference(operation)}): ${facts.join(' · ')}.${rule ? ` ${rule}` : ''}`;
  };

  const lifecycleLines = [...lifecycles.lifecycles]
    .filter(([name, lifecycle]) => lifecycle.schema === name && lifecycle.states.length)
    .map(([name, lifecycle]) => {
      const where = context.lifecyclePages.get(name);
      const states = lifecycle.states.map((state) => code(state.name)).join(', ');
      const starts = lifecycle.initial.map(code).join(' or ');
      const link = where ? ` ([states and transitions](${page(where)}))` : '';
      return `- **${name}** (its ${code('status')}): ${states}. A new ${lifecycle.noun} starts in ${starts}${link}.`;
    });
  const restricted = model.operations.filter((operation) => notes[operation.operationId]);

  const lines = [
    '---',
    'name: services-manager',
    `description: ${JSON.stringify(
      'Automate Services Manager, the multi-tenant platform that service providers and resellers use to provision and bill hosted services, through its REST API v2 and the Cortex PowerShell module: customers, users, plans, provisioning requests, billing and the Workspace catalogue. Use it to call the API, write Cortex scripts, and look up operations, states and errors.',
    )}`,
    '---',
    '',
    `# ${model.title}`,
    '',
    firstParagraph,
    '',
    `- **Base URL:** ${code(model.serverUrl ?? model.basePath)}, with the customer's own portal host in place of ${code(model.host ?? 'the example host')}.`,
    `- **Specification:** [OpenAPI 3.0 JSON](${page(DOWNLOADS.openapiJson.file)}), [OpenAPI 3.0 YAML](${page(DOWNLOADS.openapiYaml.file)}), [Swagger 2.0 as written](${page(DOWNLOADS.spec.file)}); a [Postman collection](${page(DOWNLOADS.postman.file)}) to try it.`,
    `- **Documentation:** [llms.txt](${page('llms.txt')}) lists every page as Markdown (a page's URL followed by ${code('.md')}). [API reference](${page(`${API_ROUTE}/api-intro`)}), [API changelog](${page(`${API_ROUTE}/reference/api-changelog`)}).`,
    `- **PowerShell:** the Cortex module ${code('ServicesManager.Cortex')} wraps every operation; each task below names its cmdlet ([Cortex](${page(`${API_ROUTE}/cortex`)})).`,
    '',
    '## Authentication',
    '',
    `${oneLine(oauth?.description)} Request a token with ${token ? `${mention(token)} ([${code(token.operationId)}](${reference(token)}))` : 'the token endpoint'}, form-encoded: ${code('grant_type=client_credentials')}, ${code('client_id')}, ${code('client_secret')} and ${code('scope')}. Send it on every other call as ${code('Authorization: Bearer <access-token>')}; when a call answers 401 with ${code('TokenExpired')}, request a new one.${token && cmdletOf(token) ? ` In PowerShell, ${code(cmdletOf(token)!)} does this.` : ''} See [Authentication](${guide('api-intro', 'authentication')}).`,
    '',
    ...scopes.map(([scope, grants]) => `- ${code(scope)}: ${oneLine(grants)}`),
    '',
    '## Rules for every call',
    '',
    `- **Changes run as requests.** An operation that answers ${code('202 Accepted')} returns the ${code('Request')} it queued (starting a billing run returns the run) and its URL in the ${code('Location')} header.${
      getRequest && request
        ? ` Poll ${mention(getRequest)} until its ${code('status')} is ${orList(settledStates(request).map(code))}; when it is ${code('Failed')}, read ${code('error.code')} before a retry.`
        : ''
    }${model.cmdlets.some((cmdlet) => cmdlet.name === 'Wait-SMRequest') ? ` In PowerShell, ${code('Wait-SMRequest')} waits for it.` : ''} See [the request lifecycle](${guide('rest', 'request-lifecycle')}).`,
    `- **Idempotency.** ${oneLine(keyParameter?.description)} Send a new key per change and the same key when you repeat it. The operations that take it are marked below. See [Safe retries](${guide('api-intro', 'idempotency')}).`,
    `- **Rate limits.** ${infoLine('Rate limit') ?? oneLine(tooMany?.description)}${tooMany?.headers?.['Retry-After'] ? ` ${code('Retry-After')}: ${oneLine(tooMany.headers['Retry-After'].description)}` : ''} See [Rate limits](${guide('api-intro', 'rate-limits')}).`,
    `- **Errors.** Every 4xx and 5xx response carries the ${code('Error')} model (${code('code')}, ${code('message')}, ${code('target')}, ${code('details')}, ${code('requestId')}). Its ${code('code')}: ${oneLine(errorCode)} See [Errors](${guide('api-intro', 'errors')}).`,
    ...(paging.length
      ? [
          `- **Paging.** ${paging.map((parameter) => `${code(parameter.name)}: ${sentence(parameter.description)}`).join(' ')} See [Paging](${guide('api-intro', 'paging')}).`,
        ]
      : []),
    '',
    '## Lifecycles to respect',
    '',
    'Each of these has a status that the platform moves on as requests complete. An operation that a state does not allow answers 409 with `InvalidState`.',
    '',
    ...lifecycleLines,
    '',
    'Operations allowed only in some states or under a condition:',
    '',
    ...restricted.map((operation) => `- ${code(operation.operationId)}: ${notes[operation.operationId]}`),
    '',
    '## Tasks',
    '',
    'What an administrator does through the API, by area: each task with its operation, its Cortex cmdlet, the scope it needs and its reference page.',
    '',
    ...described.flatMap((tag) => [
      `### ${tag.name}`,
      '',
      ...(tag.description ? [oneLine(tag.description), ''] : []),
      ...byTag(tag.name).map(operationLine),
      '',
    ]),
    ...(untagged.length ? ['### Other operations', '', ...untagged.map(operationLine), ''] : []),
    ...(fileCmdlets.length
      ? [
          '### Cortex cmdlets beyond single operations',
          '',
          ...fileCmdlets.map(
            (cmdlet) =>
              `- [${code(cmdlet.name)}](${cmdletPage(cmdlet.name)}): ${sentence(cmdlet.entry?.summary || cmdlet.entry?.description).replace(/([^.!?])$/, '$1.')}`,
          ),
          '',
        ]
      : []),
  ];
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
