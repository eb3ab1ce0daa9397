/**
 * The files the build publishes for API consumers, under stable URLs: the specification as written
 * (Swagger 2.0 YAML), the same converted to OpenAPI 3 (JSON and YAML), the Postman collection and the
 * agent skill. The guides link them, llms.txt and content.json list them, the MCP server serves them.
 */
import yaml from 'js-yaml';
import type { ApiModel } from '@services-manager-docs/core/api';

export type DownloadId = 'spec' | 'openapiJson' | 'openapiYaml' | 'postman' | 'skill';

export type Download = {
  id: DownloadId;
  /** Where it is in the build, and its URL after the base URL: `openapi/openapi.json`. */
  file: string;
  title: string;
  description: string;
  mimeType: string;
};

/** The downloads' folder in the build. */
export const DOWNLOADS_DIR = 'openapi';

export const DOWNLOADS: Record<DownloadId, Download> = {
  spec: {
    id: 'spec',
    file: `${DOWNLOADS_DIR}/services-manager-v2.yaml`,
    title: 'REST API v2 specification (Swagger 2.0, YAML)',
    description:
      'The Services Manager REST API v2 specification as it is written: every operation, parameter, schema, example, lifecycle and cmdlet name.',
    mimeType: 'application/yaml',
  },
  openapiJson: {
    id: 'openapiJson',
    file: `${DOWNLOADS_DIR}/openapi.json`,
    title: 'REST API v2 specification (OpenAPI 3.0, JSON)',
    description:
      'The REST API v2 specification converted to OpenAPI 3.0, as JSON, for client generators and tools.',
    mimeType: 'application/json',
  },
  openapiYaml: {
    id: 'openapiYaml',
    file: `${DOWNLOADS_DIR}/openapi.yaml`,
    title: 'REST API v2 specification (OpenAPI 3.0, YAML)',
    description: 'The REST API v2 specification converted to OpenAPI 3.0, as YAML.',
    mimeType: 'application/yaml',
  },
  postman: {
    id: 'postman',
    file: `${DOWNLOADS_DIR}/services-manager-v2.postman_collection.json`,
    title: 'REST API v2 Postman collection (v2.1)',
    description:
      'Every REST API v2 operation as a Postman request: the token request first, base URL, client and token as collection variables, the specification’s examples as bodies.',
    mimeType: 'application/json',
  },
  skill: {
    id: 'skill',
    file: 'SKILL.md',
    title: 'Services Manager agent skill (SKILL.md)',
    description:
      'What an AI assistant can do with Services Manager and how: the administrator tasks with their REST operations and Cortex cmdlets, lifecycles, authentication, idempotency, rate limits and errors.',
    mimeType: 'text/markdown',
  },
};

export const DOWNLOAD_LIST: Download[] = Object.values(DOWNLOADS);

/** The downloads as `content.json` lists them: site paths with the base URL. */
export const contentDownloads = (baseUrl: string) =>
  DOWNLOAD_LIST.map(({ file, title, description, mimeType }) => ({
    path: `${baseUrl}${file}`,
    title,
    description,
    mimeType,
  }));

/** The specification in the OpenAPI 3 shape the model holds, as JSON and as YAML. */
export function openApiFiles(model: ApiModel): { json: string; yaml: string } {
  const document = model.document;
  return {
    json: `${JSON.stringify(document, null, 2)}\n`,
    yaml: yaml.dump(document, { lineWidth: -1, noRefs: true }),
  };
}
