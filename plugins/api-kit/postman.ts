/**
 * The Postman collection (format v2.1) of the REST API, converted from the API model's OpenAPI 3
 * document by openapi-to-postmanv2 (Postman's own converter) and completed so that it runs as imported:
 * the token request first, storing the token in a collection variable that every other request sends;
 * the base URL, client id and secret as collection variables; a new `Idempotency-Key` per send where an
 * operation takes one; the request bodies and saved responses of the reference's samples (the
 * specification's examples). Ids are derived from the operations, so a build writes the same file.
 */
import crypto from 'node:crypto';
import { convertV2, type CollectionResult } from 'openapi-to-postmanv2';
import {
  jsonContent,
  mediaExample,
  successResponse,
  type ApiModel,
  type Operation,
} from '@services-manager-docs/core/api';
import { sampleRequest, type ApiItem } from '../api-reference/markdown';
import { examplePath } from '../api-reference/cortex/targets';

/** Postman's schema URL for format v2.1. */
export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
/** The collection variables, as the guides name them. */
export const POSTMAN_VARIABLES = {
  baseUrl: 'baseUrl',
  token: 'token',
  clientId: 'clientId',
  clientSecret: 'clientSecret',
};
/** Postman's dynamic variable for a new UUID on every send. */
export const NEW_UUID = '{{$guid}}';

type Description = string | { content: string; type?: string };
type KeyValue = { key: string; value?: string; disabled?: boolean; description?: Description; type?: string };
export type PostmanUrl = {
  raw?: string;
  host?: string[];
  path?: string[];
  query?: KeyValue[];
  variable?: KeyValue[];
};
export type PostmanRequest = {
  name?: string;
  description?: Description;
  method: string;
  url: PostmanUrl;
  header?: KeyValue[];
  body?: { mode: string; raw?: string; urlencoded?: KeyValue[]; formdata?: KeyValue[]; options?: unknown };
  auth?: unknown;
};
export type PostmanResponse = {
  id?: string;
  name: string;
  originalRequest?: PostmanRequest;
  status?: string;
  code: number;
  header?: KeyValue[];
  body?: string;
  _postman_previewlanguage?: string;
  cookie?: unknown[];
};
export type PostmanItem = {
  id?: string;
  name: string;
  description?: Description;
  request?: PostmanRequest;
  response?: PostmanResponse[];
  item?: PostmanItem[];
  event?: { listen: string; script: { type: string; exec: string[] } }[];
};
export type PostmanCollection = {
  info: { _postman_id: string; name: string; description?: Description; schema: string };
  item: PostmanItem[];
  auth?: unknown;
  event?: unknown[];
  variable: KeyValue[];
};

/** A UUID-shaped id made from a name, so the same operation gets the same id in every build. */
export function stableId(name: string): string {
  const hex = crypto.createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Every request item, in the collection's order. */
export function requestItems(items: PostmanItem[]): PostmanItem[] {
  return items.flatMap((item) => (item.item ? requestItems(item.item) : item.request ? [item] : []));
}

/** The specification's path of a Postman URL: `['customers', ':customerId']` → `/customers/{customerId}`. */
export const operationPath = (url: PostmanUrl) =>
  `/${(url.path ?? []).map((segment) => segment.replace(/^:(.+)$/, '{$1}')).join('/')}`;

function convert(document: object): Promise<PostmanCollection> {
  return new Promise((resolve, reject) =>
    convertV2(
      { type: 'json', data: structuredClone(document) },
      {
        folderStrategy: 'Tags',
        requestNameSource: 'Fallback',
        parametersResolution: 'Example',
        // Values come from the specification's examples only: no random data, the same file each build.
        schemaFaker: false,
        enableOptionalParameters: false,
        includeAuthInfoInExample: false,
        alwaysInheritAuthentication: true,
      },
      (error, result?: CollectionResult) => {
        const output = result?.output?.[0]?.data;
        if (error || !result?.result || !output)
          reject(new Error(`openapi-to-postmanv2: ${error?.message ?? result?.reason ?? 'no collection'}`));
        else resolve(output as PostmanCollection);
      },
    ),
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A parameter's example value as the samples use it, or '' when the specification gives none. */
function exampleValue(operation: Operation, name: string, where: 'path' | 'query' | 'header'): string {
  const parameter = operation.parameters.find(
    (candidate) => candidate.in === where && candidate.name === name,
  );
  const value = parameter?.example ?? parameter?.schema?.example ?? parameter?.schema?.default;
  return value === undefined ? '' : text(value);
}

/** The operation's item: values from the specification, the token and idempotency key as variables. */
function completeItem(
  item: PostmanItem,
  operation: Operation,
  tokenRequest: boolean,
  chosenPath: Record<string, unknown> | undefined,
): void {
  const request = item.request!;
  item.id = stableId(operation.operationId);
  item.name = operation.summary || operation.operationId;
  request.name = item.name;
  request.description = [operation.description, `Operation ID: \`${operation.operationId}\`.`]
    .filter(Boolean)
    .join('\n\n');
  // An operation the lifecycle restricts acts on an object in which it is allowed, as in the reference.
  for (const variable of request.url.variable ?? [])
    variable.value =
      chosenPath?.[variable.key] !== undefined
        ? text(chosenPath[variable.key])
        : exampleValue(operation, variable.key, 'path');
  for (const query of request.url.query ?? []) {
    query.value = exampleValue(operation, query.key, 'query');
    const parameter = operation.parameters.find(
      (candidate) => candidate.in === 'query' && candidate.name === query.key,
    );
    query.disabled = !parameter?.required;
  }
  for (const header of request.header ?? [])
    if (header.key === 'Idempotency-Key') {
      header.value = NEW_UUID;
      header.disabled = false;
    }
  const sample = sampleRequest({ ...operation, servers: [] } as unknown as ApiItem);
  if (request.body?.mode === 'raw' && sample.json !== undefined)
    request.body.raw = JSON.stringify(sample.json, null, 2);
  if (tokenRequest) {
    request.auth = { type: 'noauth' };
    for (const field of request.body?.urlencoded ?? []) {
      if (field.key === 'client_id') field.value = `{{${POSTMAN_VARIABLES.clientId}}}`;
      if (field.key === 'client_secret') field.value = `{{${POSTMAN_VARIABLES.clientSecret}}}`;
    }
    item.event = [
      {
        listen: 'test',
        script: {
          type: 'text/javascript',
          exec: [
            '// Keeps the token for every other request of the collection.',
            'const body = pm.response.json();',
            `if (body.access_token) pm.collectionVariables.set('${POSTMAN_VARIABLES.token}', body.access_token);`,
          ],
        },
      },
    ];
  } else delete request.auth;
  // One saved response: the success the reference shows, with the specification's example.
  const success = successResponse(operation);
  const example = mediaExample(jsonContent(success?.response));
  const saved = item.response?.find((response) => String(response.code) === success?.status);
  // The saved response repeats the request as completed here; its headers and body are the
  // specification's (the converter makes up values for headers without an example).
  const { description: _description, auth: _auth, ...original } = request;
  item.response = saved
    ? [
        {
          id: stableId(`${operation.operationId} ${success!.status}`),
          name: saved.name,
          originalRequest: structuredClone(original),
          status: saved.status,
          code: saved.code,
          header: example === undefined ? [] : [{ key: 'Content-Type', value: 'application/json' }],
          body: example === undefined ? '' : JSON.stringify(example, null, 2),
          ...(example === undefined ? {} : { _postman_previewlanguage: 'json' }),
          cookie: [],
        },
      ]
    : [];
}

/** The collection of the model's operations, ready to import. */
export async function postmanCollection(model: ApiModel): Promise<PostmanCollection> {
  const collection = await convert(model.document);
  const byRoute = new Map(
    model.operations.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation]),
  );
  const token = model.operations.find(
    (operation) => Array.isArray(operation.security) && !operation.security.length,
  );
  const items = requestItems(collection.item);
  for (const item of items) {
    const route = `${item.request!.method.toUpperCase()} ${operationPath(item.request!.url)}`;
    const operation = byRoute.get(route);
    if (!operation) throw new Error(`Postman collection: ${route} is not an operation of ${model.source}`);
    completeItem(item, operation, operation === token, examplePath(model, operation));
  }
  // The token request first: its folder at the top, the request first in it.
  const first = items.find((item) => item.id === (token && stableId(token.operationId)));
  if (first) {
    const folder = collection.item.find((entry) => entry === first || entry.item?.includes(first));
    if (folder) collection.item = [folder, ...collection.item.filter((entry) => entry !== folder)];
    if (folder?.item) folder.item = [first, ...folder.item.filter((entry) => entry !== first)];
  }
  for (const folder of collection.item) if (folder.item) folder.id = stableId(`folder ${folder.name}`);
  collection.info._postman_id = stableId(`${model.title} ${model.version ?? ''}`);
  collection.info.schema = POSTMAN_SCHEMA;
  collection.auth = {
    type: 'bearer',
    bearer: [{ key: 'token', value: `{{${POSTMAN_VARIABLES.token}}}`, type: 'string' }],
  };
  const clientId = token ? exampleFormField(token, 'client_id') : '';
  collection.variable = [
    { key: POSTMAN_VARIABLES.baseUrl, value: model.serverUrl ?? '', type: 'string' },
    { key: POSTMAN_VARIABLES.token, value: '', type: 'string' },
    { key: POSTMAN_VARIABLES.clientId, value: clientId, type: 'string' },
    { key: POSTMAN_VARIABLES.clientSecret, value: '', type: 'string' },
  ];
  return collection;
}

/** A form field's example in the token request (`client_id`). */
function exampleFormField(operation: Operation, name: string): string {
  const schema = operation.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
  const value = schema?.properties?.[name]?.example;
  return value === undefined ? '' : text(value);
}
