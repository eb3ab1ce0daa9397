/**
 * The Markdown of the REST reference pages (./generate.ts decides the pages and writes them): plain
 * Markdown (tables, code blocks, tabs), so the reference renders fully on the server, is indexed by
 * search, and costs an API page no more JavaScript than any other doc page.
 */
import { codeSamples, examplePageSize, SAMPLE_UPLOAD, type SampleRequest } from './codeSamples';
import { exampleFor, schemaRows, typeLabel } from './schema';
import type { MediaType as Media, Operation, Parameter, Schema } from '@services-manager-docs/core/api';
import { cmdletSlug } from './cortex/model';
import { errorRows } from './cortex/errors';
import { chosenExamplePath } from './cortex/targets';
import { lifecycleNote } from './lifecycleNotes';
import { exampleQuery, queryExamples, type QueryExample } from './queryExamples';
import { DOWNLOADS } from '../api-kit/downloads';

type SecurityScheme = {
  type: string;
  description?: string;
  flows?: Record<string, { tokenUrl?: string; scopes?: Record<string, string> }>;
  name?: string;
  in?: string;
};

/** An operation as its page shows it (./generate.ts): the model's operation, with inherited servers and security. */
export type ApiItem = Partial<Omit<Operation, 'method' | 'path' | 'parameters'>> & {
  method: string;
  path: string;
  parameters?: Parameter[];
  servers?: { url: string }[];
  'x-cortex'?: { cmdlet?: string };
};

export type PageItem = {
  title: string;
  description?: string;
  frontMatter: Record<string, unknown>;
  api?: ApiItem;
  info?: {
    title: string;
    version?: string;
    description?: string;
    contact?: { name?: string; url?: string; email?: string };
  };
  securitySchemes?: Record<string, SecurityScheme>;
  tag?: { name: string; description?: string };
};

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '409': 'Conflict',
  '412': 'Precondition Failed',
  '413': 'Payload Too Large',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Entity',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '503': 'Service Unavailable',
};

/** Text from the specification made safe for MDX: braces and angle brackets outside code spans are escaped. */
export function mdx(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, i) =>
      i % 2
        ? part
        : part
            .replace(/[{}]/g, (brace) => `\\${brace}`)
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;'),
    )
    .join('');
}

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return (
    mdx(text)
      .replace(/\r?\n+/g, ' ')
      .replace(/\|/g, '\\|')
      .trim() || '—'
  );
}

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

function json(value: unknown): string {
  return ['```json', JSON.stringify(value, null, 2), '```'].join('\n');
}

function schemaTable(schema: Schema): string {
  const rows = schemaRows(schema);
  if (!rows.length) return `Type: \`${typeLabel(schema)}\`.`;
  return table(
    ['Field', 'Type', 'Required', 'Description'],
    rows.map((row) => [
      `\`${row.name}\``,
      cell(row.type),
      row.required ? 'Yes' : 'No',
      cell(row.description),
    ]),
  );
}

function mediaExample(media: Media): unknown {
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  if (first?.value !== undefined) return first.value;
  return media.schema ? exampleFor(media.schema) : undefined;
}

/** A one-sentence, plain-text summary for the page's meta description. */
export function summarize(text: string | undefined, fallback: string): string {
  const plain = (text ?? '').replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();
  const sentence = plain.match(/^.*?[.!?](\s|$)/)?.[0]?.trim() ?? plain;
  return (sentence || fallback).slice(0, 200);
}

const PARAMETER_SECTIONS: [Parameter['in'], string][] = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
];

/** The query options whose example is the operation's own (./queryExamples.ts), not the parameter's. */
const QUERY_EXAMPLES: Record<string, keyof QueryExample> = { $filter: 'filter', $orderby: 'orderBy' };

/**
 * `chosen`: the path values the page's examples use instead of the parameters' own (./cortex/targets.ts);
 * `query`: the `$filter` and `$orderby` examples that fit the operation.
 */
function parametersMarkdown(
  parameters: Parameter[] = [],
  chosen?: Record<string, unknown>,
  query: QueryExample = {},
): string[] {
  return PARAMETER_SECTIONS.flatMap(([location, heading]) => {
    const group = parameters.filter((parameter) => parameter.in === location);
    if (!group.length) return [];
    const rows = group.map((parameter) => {
      const schema = parameter.schema ?? {};
      const notes = [parameter.description ?? schema.description ?? ''];
      if (schema.enum)
        notes.push(`One of: ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}.`);
      if (schema.default !== undefined) notes.push(`Default: \`${String(schema.default)}\`.`);
      if (schema.maximum !== undefined) notes.push(`Maximum: ${schema.maximum}.`);
      const own = location === 'query' ? QUERY_EXAMPLES[parameter.name] : undefined;
      const example = own
        ? query[own]
        : ((location === 'path' ? chosen?.[parameter.name] : undefined) ??
          parameter.example ??
          schema.example);
      if (example !== undefined) notes.push(`Example: \`${String(example)}\`.`);
      return [
        `\`${parameter.name}\``,
        cell(typeLabel(schema)),
        parameter.required ? 'Yes' : 'No',
        cell(notes.join(' ')),
      ];
    });
    return [`### ${heading}`, table(['Name', 'Type', 'Required', 'Description'], rows)];
  });
}

function requestBodyMarkdown(body: ApiItem['requestBody']): string[] {
  if (!body?.content) return [];
  return [
    '### Request body',
    mdx(body.description),
    ...Object.entries(body.content).flatMap(([type, media]) => {
      const example = mediaExample(media);
      return [
        `Content type: \`${type}\`${body.required ? ' (required)' : ''}.`,
        media.schema ? schemaTable(media.schema) : '',
        type.includes('json') && example !== undefined ? `Example:\n\n${json(example)}` : '',
      ];
    }),
  ];
}

function responsesMarkdown(responses: ApiItem['responses'] = {}, operation?: ApiItem): string[] {
  const entries = Object.entries(responses);
  const success = entries.filter(([code]) => Number(code) < 400);
  const errors = entries.filter(([code]) => Number(code) >= 400 || code === 'default');
  const sections = success.flatMap(([code, response]) => {
    const headers = Object.entries(response.headers ?? {});
    return [
      `### ${code} ${STATUS_TEXT[code] ?? ''} \\{#response-${code}\\}`.replace('  ', ' '),
      mdx(response.description),
      headers.length
        ? table(
            ['Header', 'Type', 'Description'],
            headers.map(([name, header]) => [
              `\`${name}\``,
              cell(typeLabel(header.schema ?? {})),
              cell(header.description ?? ''),
            ]),
          )
        : '',
      ...Object.entries(response.content ?? {}).flatMap(([type, media]) => {
        const example = mediaExample(media);
        return [
          `Content type: \`${type}\`.`,
          media.schema ? schemaTable(media.schema) : '',
          example !== undefined ? `Example:\n\n${json(example)}` : '',
        ];
      }),
    ];
  });
  if (errors.length) {
    const errorSchema = errors
      .map(([, response]) => response.content?.['application/json']?.schema)
      .find(Boolean);
    // The codes the specification gives for each status, and descriptions without the headers (and
    // their codes) the operation does not take: no `Idempotency-Key` advice where it takes no key.
    const rows = new Map(errorRows({ ...operation, responses }).map((row) => [row.status, row]));
    const codes = (status: string) => rows.get(status)?.codes.map((name) => `\`${name}\``) ?? [];
    sections.push(
      '### Errors \\{#errors\\}',
      table(
        ['Status', 'Codes', 'When'],
        errors.map(([code, response]) => [
          `${code} ${STATUS_TEXT[code] ?? ''}`.trim(),
          codes(code).join(', ') || '—',
          cell(rows.get(code)?.description ?? response.description ?? ''),
        ]),
      ),
      errorSchema
        ? `Every error response carries the error model (see [Errors](../api-intro#errors)):\n\n${schemaTable(errorSchema)}`
        : '',
    );
  }
  return sections;
}

function securityMarkdown(security: ApiItem['security']): string {
  if (!security?.length) return '**Authorization:** none.';
  const scopes = [...new Set(security.flatMap((requirement) => Object.values(requirement).flat()))];
  return `**Authorization:** an OAuth 2.0 access token (client credentials)${
    scopes.length ? ` with scope ${scopes.map((scope) => `\`${scope}\``).join(' or ')}` : ''
  }, sent as a bearer token. See [Authentication](../api-intro#authentication).`;
}

/**
 * A query value as the samples write it: readable, with only what a URL or the samples' quoting cannot
 * hold encoded (spaces, quotes, `%`, `&`, `#`, `+`).
 */
export const queryValue = (value: string) =>
  value.replace(
    /[\s'"%&#+]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );

/** The request the code samples send: example path values, the JSON example or the upload fields. */
export function sampleRequest(api: ApiItem): SampleRequest {
  const server = api.servers?.[0]?.url ?? '';
  const parameters = api.parameters ?? [];
  // An operation the lifecycle restricts acts on an object in which it is allowed (./cortex/targets.ts).
  const chosen = chosenExamplePath(api);
  const path = api.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    return String(chosen?.[name] ?? parameter?.example ?? parameter?.schema?.example ?? `<${name}>`);
  });
  const query = parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map(
      (parameter) =>
        `${parameter.name}=${encodeURIComponent(String(parameter.example ?? parameter.schema?.example ?? ''))}`,
    );
  // A list whose example answer is the result of its description's filter sends that filter (and order).
  const listed = exampleQuery(api);
  if (listed?.filter) query.push(`$filter=${queryValue(listed.filter)}`);
  if (listed?.orderBy) query.push(`$orderby=${queryValue(listed.orderBy)}`);
  // A list whose example answer is one page of several asks for that page's size, so that the call
  // returns the page the answer shows (without `$top` it would return up to the default).
  const answer = Object.entries(api.responses ?? {}).find(([code]) => /^2\d\d$/.test(code))?.[1]?.content?.[
    'application/json'
  ];
  const pageSize = answer ? examplePageSize(mediaExample(answer)) : undefined;
  if (
    pageSize !== undefined &&
    parameters.some((parameter) => parameter.in === 'query' && parameter.name === '$top') &&
    !query.some((part) => part.startsWith('$top='))
  )
    query.push(`$top=${pageSize}`);
  const content = api.requestBody?.content ?? {};
  const request: SampleRequest = {
    method: api.method.toUpperCase(),
    url: `${server}${path}${query.length ? `?${query.join('&')}` : ''}`,
  };
  if (content['application/json']) request.json = mediaExample(content['application/json']);
  // A change that can be repeated safely: the samples make a new key per change (./codeSamples.ts).
  if (parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'))
    request.idempotencyKey = true;
  const fields = content['application/x-www-form-urlencoded']?.schema?.properties;
  if (fields) {
    request.form = Object.fromEntries(
      Object.entries(fields).map(([name, property]) => {
        const value = property.example ?? property.enum?.[0] ?? `<${name}>`;
        return [name, String(value)];
      }),
    );
  }
  // The token operation is the one call made without a token.
  if (Array.isArray(api.security) && !api.security.length) request.anonymous = true;
  const form = content['multipart/form-data']?.schema;
  if (form?.properties) {
    request.files = Object.fromEntries(
      Object.entries(form.properties)
        .filter(([, property]) => property.format === 'binary')
        .map(([name]) => [name, SAMPLE_UPLOAD]),
    );
  }
  return request;
}

function samplesMarkdown(api: ApiItem): string[] {
  const request = sampleRequest(api);
  const samples = codeSamples(request);
  return [
    '## Code samples \\{#code-samples\\}',
    request.anonymous
      ? 'This call needs no access token: it returns one. Replace the client id and secret with your own; see [Authentication](../api-intro#authentication).'
      : 'Set `TOKEN` (`$token` in PowerShell, `token` in Python, JavaScript and C#) to the access token string first; see [Authentication](../api-intro#authentication).' +
        (request.idempotencyKey
          ? ' Each sample makes a new `Idempotency-Key` for the change; to repeat the same change after a timeout or a `500`, send it again with the same key and body ([Safe retries](../api-intro#idempotency)).'
          : ''),
    // Lazy: only the chosen language is rendered and highlighted, the others when picked.
    '<Tabs groupId="api-code-samples" lazy>',
    ...samples.map(
      (sample) =>
        `<TabItem value="${sample.value}" label="${sample.label}">\n\n\`\`\`${sample.language}\n${sample.code}\n\`\`\`\n\n</TabItem>`,
    ),
    '</Tabs>',
  ];
}

const join = (parts: (string | undefined)[]) =>
  parts.filter((part) => part && part.trim()).join('\n\n') + '\n';

/** Records the title and description as YAML-safe strings for the page templates' front matter. */
function frontMatterFor(item: PageItem, title: string, description: string) {
  item.frontMatter.yamlTitle = JSON.stringify(title);
  item.frontMatter.yamlDescription = JSON.stringify(description);
}

export function createApiPageMD(item: PageItem): string {
  const api = item.api as ApiItem;
  frontMatterFor(item, item.title, summarize(api.description, item.title));
  return join([
    "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';",
    `<p className="api-endpoint"><span className="api-badge api-badge--${api.method}">${api.method.toUpperCase()}</span> <code>{${JSON.stringify(api.path)}}</code></p>`,
    api.operationId ? `**Operation ID:** \`${api.operationId}\`` : '',
    api['x-cortex']?.cmdlet
      ? `**Cortex:** [\`${api['x-cortex'].cmdlet}\`](../cortex/${cmdletSlug(api['x-cortex'].cmdlet)})`
      : '',
    api.deprecated
      ? ':::warning[Deprecated]\n\nThis operation is deprecated and will be removed in a later version.\n\n:::'
      : '',
    mdx(api.description),
    mdx(lifecycleNote(api.operationId)),
    securityMarkdown(api.security),
    api.parameters?.length || api.requestBody ? '## Request \\{#request\\}' : '',
    ...parametersMarkdown(api.parameters, chosenExamplePath(api), queryExamples(api)),
    ...requestBodyMarkdown(api.requestBody),
    '## Responses \\{#responses\\}',
    ...responsesMarkdown(api.responses, api),
    ...samplesMarkdown(api),
    `[Download the API specification](pathname:///${DOWNLOADS.spec.file}) (Swagger 2.0, YAML), in OpenAPI 3.0 as [JSON](pathname:///${DOWNLOADS.openapiJson.file}) or [YAML](pathname:///${DOWNLOADS.openapiYaml.file}), or the [Postman collection](pathname:///${DOWNLOADS.postman.file}) to try this operation.`,
  ]);
}

export function createInfoPageMD(item: PageItem): string {
  const info = item.info ?? { title: item.title };
  frontMatterFor(item, info.title, summarize(info.description, info.title));
  const schemes = Object.entries(item.securitySchemes ?? {}).map(([name, scheme]) => {
    const flow = Object.values(scheme.flows ?? {})[0];
    const details = [
      mdx(scheme.description),
      flow?.tokenUrl ? `Token URL: \`${flow.tokenUrl}\`.` : '',
      scheme.in && scheme.name ? `Sent in the \`${scheme.name}\` ${scheme.in}.` : '',
    ].filter(Boolean);
    const scopes = Object.entries(flow?.scopes ?? {}).map(([scope, text]) => [`\`${scope}\``, cell(text)]);
    return join([
      `### ${name} (${scheme.type})`,
      details.join(' '),
      scopes.length ? table(['Scope', 'Grants'], scopes) : '',
    ]);
  });
  const contact = info.contact;
  return join([
    info.version ? `**Version ${mdx(info.version)}**` : '',
    mdx(info.description),
    schemes.length ? '## Authentication \\{#authentication\\}' : '',
    ...schemes,
    contact ? '## Contact \\{#contact\\}' : '',
    contact
      ? [contact.name, contact.url, contact.email]
          .filter(Boolean)
          .map((line) => mdx(line))
          .join(' · ')
      : '',
    "```mdx-code-block\nimport DocCardList from '@theme/DocCardList';\nimport {useCurrentSidebarCategory} from '@docusaurus/theme-common';\n\n<DocCardList items={useCurrentSidebarCategory().items}/>\n```",
  ]);
}

export function createTagPageMD(item: PageItem): string {
  const tag = item.tag ?? { name: item.title };
  frontMatterFor(item, tag.name, summarize(tag.description, `${tag.name} operations of the REST API v2.`));
  return join([
    mdx(tag.description),
    'The operations in this group:',
    "```mdx-code-block\nimport DocCardList from '@theme/DocCardList';\nimport {useCurrentSidebarCategory} from '@docusaurus/theme-common';\n\n<DocCardList items={useCurrentSidebarCategory().items}/>\n```",
  ]);
}
