/**
 * The one model of the REST API specification that every part of the site reads: the reference pages,
 * the Cortex cmdlets, the operation mentions, the product model's states, the example checks, the MCP
 * server and the tests. A Swagger 2.0 and an OpenAPI 3 document give the same shape (OpenAPI 3.0),
 * with every `$ref` resolved. Vendor extensions (`x-cortex`, `x-lifecycle` …) stay where the
 * specification puts them, on operations, parameters and schemas.
 */
import type { LifecycleModel } from './lifecycle';

/** Vendor extensions, kept as the specification writes them. */
export type Extensions = { [key: `x-${string}`]: unknown };

/** An OpenAPI 3.0 schema object, its `$ref`s resolved (a recursive schema refers to itself). */
export type Schema = {
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  additionalProperties?: boolean | Schema;
} & Extensions;

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  example?: unknown;
  deprecated?: boolean;
  schema?: Schema;
} & Extensions;

export type MediaType = {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown }>;
};

export type RequestBody = { description?: string; required?: boolean; content?: Record<string, MediaType> };

export type Response = {
  description?: string;
  headers?: Record<string, { description?: string; schema?: Schema }>;
  content?: Record<string, MediaType>;
};

export type CmdletExample = { title: string; code: string; remarks?: string; output?: string };

/** The `x-cortex` extension: the PowerShell cmdlet that calls an operation, and how. */
export type CortexExtension = {
  cmdlet?: unknown;
  /** A parameter or body property name → the cmdlet parameter name to use instead. */
  parameters?: Record<string, string>;
  /** For cmdlets that wrap no single operation: the operations they call. */
  calls?: string[];
  examples?: CmdletExample[];
  notes?: string[];
};

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type Operation = {
  /** The specification's operationId, else `method path`. */
  operationId: string;
  /** Lower case, as the specification's key: `get`, `post` … */
  method: HttpMethod;
  /** As the specification writes it, without the base path: `/customers/{customerId}/plans`. */
  path: string;
  tags: string[];
  summary: string;
  description: string;
  /** The path item's and the operation's own parameters. */
  parameters: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, Response>;
  security?: Record<string, string[]>[];
  deprecated?: boolean;
  'x-cortex'?: CortexExtension;
} & Extensions;

export type Tag = { name: string; description?: string };

/** A cmdlet of the Cortex module: the operations whose `x-cortex.cmdlet` names it, or an entry of the cmdlets file. */
export type CortexCmdlet = {
  name: string;
  /**
   * The operations that name it, in specification order; for a cmdlet of the cmdlets file, the operations
   * it wraps that name it too (listed in its `x-cortex.calls`).
   */
  operations: Operation[];
  /** The cmdlets file's entry, shaped like an operation. */
  entry?: Operation;
};

/** A document in the OpenAPI 3.0 shape, `$ref`s kept: what docusaurus-plugin-openapi-docs reads. */
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version?: string; description?: string } & Record<string, unknown>;
  servers?: { url: string }[];
  tags?: Tag[];
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
} & Record<string, unknown>;

export type ApiModel = {
  /** Each schema's `x-lifecycle`, read and checked once with the model (./lifecycle.ts). */
  lifecycles: LifecycleModel;
  /** Where the specification came from (a path or URL), for messages. */
  source: string;
  /** The format the specification is written in. */
  format: 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1';
  /** The specification in the OpenAPI 3 shape, `$ref`s kept (JSON-safe). */
  document: OpenApiDocument;
  title: string;
  version?: string;
  description?: string;
  /** The first server's URL: `https://portal.example.com/api/v2`. */
  serverUrl?: string;
  /** The API's base path, `/api/v2`, or ''. */
  basePath: string;
  /** The API's host, when the specification names one: `portal.example.com`. */
  host?: string;
  tags: Tag[];
  operations: Operation[];
  /** Named schemas (Swagger 2.0 `definitions`, OpenAPI 3 `components.schemas`), `$ref`s resolved. */
  schemas: Record<string, Schema>;
  /** The name of a schema that the specification names, when it is one (`Customer`). */
  schemaName(schema: Schema | undefined): string | undefined;
  /** Where a named schema is in the specification: `#/definitions/Customer` or `#/components/schemas/Customer`. */
  schemaPointer(name: string): string;
  /** Every string value of every enum in the specification. */
  enumValues: Set<string>;
  operation(operationId: string): Operation | undefined;
  /** The Cortex cmdlets: the operations' first, in specification order, then the cmdlets file's. */
  cmdlets: CortexCmdlet[];
  /** The tags of the cmdlets file, for cmdlets that wrap no single operation. */
  cmdletTags: Tag[];
  /** The cmdlets file, for messages; undefined when the model was built without it. */
  cmdletsFile?: string;
};
