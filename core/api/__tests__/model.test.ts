import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiModel,
  buildModel,
  DEFAULT_SPEC,
  dereference,
  jsonContent,
  loadModel,
  mediaExample,
  modelFromText,
  parseCmdletsFile,
  SpecError,
  successResponse,
  type OpenApiDocument,
} from '..';

const ROOT = path.resolve(__dirname, '../../..');
const FIXTURE = 'core/api/__fixtures__/openapi3.yaml';
const CMDLETS = 'core/api/__fixtures__/cmdlets.yaml';
const openapi3 = await apiModel({ kind: 'file', location: FIXTURE }, { cwd: ROOT, cmdletsFile: CMDLETS });
const swagger2 = await apiModel({ kind: 'file', location: DEFAULT_SPEC }, { cwd: ROOT });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-model-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('an OpenAPI 3 specification', () => {
  it('gives the operations in document order, with path-level parameters and resolved references', () => {
    expect(openapi3.format).toBe('openapi-3.0');
    expect(openapi3.operations.map((op) => `${op.method} ${op.path} ${op.operationId}`)).toEqual([
      'get /widgets listWidgets',
      'post /widgets createWidget',
      'get /widgets/{widgetId} getWidget',
      'delete /widgets/{widgetId} deleteWidget',
      'put /widgets/{widgetId}/picture setWidgetPicture',
    ]);
    const get = openapi3.operation('getWidget')!;
    expect(get.parameters).toEqual([
      expect.objectContaining({ name: 'widgetId', in: 'path', schema: { type: 'string', format: 'uuid' } }),
    ]);
    // The operation's own parameter of the same name and place replaces the path item's.
    expect(openapi3.operation('setWidgetPicture')!.parameters).toHaveLength(1);
    expect(get.tags).toEqual(['Widgets']);
    expect(get['x-cortex']).toEqual({ cmdlet: 'Get-SMWidget' });
  });

  it('resolves schemas to one object each, names them, and keeps recursive ones finite', () => {
    const widget = openapi3.schemas.Widget;
    const created = successResponse(openapi3.operation('createWidget')!)!;
    expect(created.status).toBe('202');
    expect(jsonContent(created.response)?.schema).toBe(widget);
    expect(openapi3.schemaName(widget)).toBe('Widget');
    expect(openapi3.schemaName(widget.properties!.name)).toBeUndefined();
    expect(openapi3.schemaPointer('Widget')).toBe('#/components/schemas/Widget');
    const part = openapi3.schemas.Part;
    expect(part.properties!.subparts.items).toBe(part);
    expect(widget.properties!.parts.items).toBe(part);
  });

  it("reads each schema's lifecycle once, with the model", () => {
    expect(openapi3.lifecycles.lifecycles.get('Widget')?.states.map((state) => state.name)).toEqual([
      'Draft',
      'Active',
      'Retired',
    ]);
    expect(swagger2.lifecycles.lifecycles.get('Request')?.initial).toContain('Queued');
  });

  it('keeps the vendor extensions of schemas and operations', () => {
    expect(openapi3.schemas.Widget['x-lifecycle']).toMatchObject({ initial: 'Draft' });
    expect(openapi3.operation('createWidget')!['x-cortex']?.cmdlet).toBe('New-SMWidget');
  });

  it('gives request and response examples, from `example` and from named `examples`', () => {
    const create = openapi3.operation('createWidget')!;
    expect(mediaExample(jsonContent(create.requestBody))).toEqual({ name: 'Sprocket', color: 'Red' });
    expect(mediaExample(jsonContent(create.responses['400']))).toMatchObject({ code: 'ValidationFailed' });
    expect(mediaExample(undefined)).toBeUndefined();
  });

  it('gives every enum value', () => {
    expect([...openapi3.enumValues]).toEqual(['Draft', 'Active', 'Retired', 'Red', 'Blue']);
  });

  it('gives the server, base path and host', () => {
    expect(openapi3).toMatchObject({
      title: 'Widget API',
      serverUrl: 'https://widgets.example.com/api/v3',
      basePath: '/api/v3',
      host: 'widgets.example.com',
    });
  });

  it('groups the operations by cmdlet, then adds the cmdlets file’s entries in the same shape', () => {
    expect(
      openapi3.cmdlets.map((cmdlet) => [cmdlet.name, cmdlet.operations.map((op) => op.operationId)]),
    ).toEqual([
      ['Get-SMWidget', ['listWidgets', 'getWidget']],
      ['New-SMWidget', ['createWidget']],
      ['Remove-SMWidget', ['deleteWidget']],
      ['Set-SMWidgetPicture', ['setWidgetPicture']],
      ['Wait-SMWidget', []],
    ]);
    const wait = openapi3.cmdlets.at(-1)!.entry!;
    expect(wait).toMatchObject({ method: 'get', path: '/{widgetId}', tags: ['Widgets'] });
    expect(wait.parameters[0]).toEqual({
      name: 'widgetId',
      in: 'path',
      required: true,
      description: 'Id of the widget to wait for.',
      example: '3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51',
      schema: { type: 'string', format: 'uuid' },
    });
    expect(jsonContent(wait.responses['200'])?.schema).toBe(openapi3.schemas.Widget);
    expect(openapi3.cmdletTags).toEqual([{ name: 'Session', description: 'Signing in.' }]);
  });
});

describe('a Swagger 2.0 specification', () => {
  it('is converted to the same shape once: body, form fields, x-example and host', () => {
    expect(swagger2.format).toBe('swagger-2.0');
    expect(swagger2.document.openapi).toMatch(/^3\.0\./);
    expect(swagger2).toMatchObject({ basePath: '/api/v2', host: 'portal.example.com' });
    const create = swagger2.operation('createCustomer')!;
    expect(create.parameters.some((parameter) => (parameter.in as string) === 'body')).toBe(false);
    expect(jsonContent(create.requestBody)?.schema).toBe(swagger2.schemas.CustomerCreate);
    const upload = swagger2.operation('importWorkspaceIcon')!;
    expect(upload.requestBody?.content?.['multipart/form-data']?.schema?.properties?.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(swagger2.operation('getCustomer')!.parameters[0].example).toBe(
      '8d1c2f44-5b7e-4c3a-9e21-6f0a4b3c2d11',
    );
  });

  it('names schemas where the specification has them', () => {
    expect(swagger2.schemaPointer('Customer')).toBe('#/definitions/Customer');
  });

  it('keeps the document JSON-safe', () => {
    expect(JSON.parse(JSON.stringify(swagger2.document))).toEqual(swagger2.document);
    expect(JSON.stringify(swagger2.document)).toContain('"$ref":"#/components/schemas/Customer"');
  });
});

describe('loading', () => {
  it('loads a source once per process, and again after a failure', async () => {
    const again = apiModel({ kind: 'file', location: FIXTURE }, { cwd: ROOT, cmdletsFile: CMDLETS });
    expect(await again).toBe(openapi3);
    const file = path.join(dir, 'later.yaml');
    await expect(apiModel({ kind: 'file', location: file }, { cmdletsFile: false })).rejects.toThrow(
      `OpenAPI specification ${file}: file not found`,
    );
    fs.copyFileSync(path.join(ROOT, FIXTURE), file);
    await expect(apiModel({ kind: 'file', location: file }, { cmdletsFile: false })).resolves.toMatchObject({
      title: 'Widget API',
    });
  });

  it('names a missing or malformed cmdlets file', async () => {
    await expect(
      loadModel({ kind: 'file', location: FIXTURE }, { cwd: ROOT, cmdletsFile: 'openapi/none.yaml' }),
    ).rejects.toThrow('openapi/none.yaml: file not found');
    expect(() => parseCmdletsFile('cmdlets: 42\n', 'c.yaml')).toThrow('c.yaml: expected a "cmdlets" list');
    expect(() => parseCmdletsFile('cmdlets: [\n', 'c.yaml')).toThrow(/^c\.yaml: not valid YAML/);
    const text = fs
      .readFileSync(path.join(ROOT, CMDLETS), 'utf8')
      .replace("schemas/Widget'", "schemas/Gadget'");
    const spec = fs.readFileSync(path.join(ROOT, FIXTURE), 'utf8');
    await expect(modelFromText(spec, FIXTURE, parseCmdletsFile(text, 'c.yaml'))).rejects.toThrow(
      `c.yaml: unresolved reference #/components/schemas/Gadget (no such schema in ${FIXTURE})`,
    );
  });

  it('stops at a lifecycle that does not agree with its schema', async () => {
    const spec = fs
      .readFileSync(path.join(ROOT, FIXTURE), 'utf8')
      .replace('          Retired: No longer offered.\n', '');
    await expect(modelFromText(spec, 'widgets.yaml')).rejects.toThrow(
      'widgets.yaml: x-lifecycle: 1 problem(s):\n- Widget x-lifecycle: state "Retired" of the status enum has no entry in "states" (give its meaning)',
    );
  });

  it('names an invalid specification and where its problem is', async () => {
    const spec = fs
      .readFileSync(path.join(ROOT, FIXTURE), 'utf8')
      .replace("$ref: '#/components/schemas/Part'", "$ref: '#/components/schemas/Gear'");
    await expect(modelFromText(spec, 'widgets.yaml')).rejects.toThrow(
      /^OpenAPI specification widgets\.yaml:\d+: Can't resolve \$ref/,
    );
  });
});

describe('dereference', () => {
  const document = (components: Record<string, unknown>, paths = {}) =>
    ({
      openapi: '3.0.3',
      info: { title: 'T' },
      paths,
      components: { schemas: components },
    }) as OpenApiDocument;

  it('refuses references to nothing, outside the document, or only to each other', () => {
    expect(() => dereference(document({ A: { $ref: '#/components/schemas/B' } }), 'x.yaml')).toThrow(
      new SpecError('OpenAPI specification x.yaml: unresolved reference #/components/schemas/B'),
    );
    expect(() => dereference(document({ A: { $ref: 'other.yaml#/A' } }), 'x.yaml')).toThrow(
      'OpenAPI specification x.yaml: the reference other.yaml#/A is outside the document',
    );
    expect(() =>
      dereference(
        document({ A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } }),
        'x.yaml',
      ),
    ).toThrow('refers to itself');
  });

  it('leaves examples, defaults and enums alone, but resolves properties with those names', () => {
    const { resolved } = dereference(
      document({
        A: {
          type: 'object',
          example: { $ref: 'not a reference' },
          default: { $ref: '#/nowhere' },
          properties: {
            example: { $ref: '#/components/schemas/B' },
            value: { $ref: '#/components/schemas/B' },
          },
        },
        B: { type: 'string', enum: [{ $ref: '#/nowhere' }] },
      }),
      'x.yaml',
    );
    const a = resolved.components!.schemas!.A as { example: unknown; properties: Record<string, unknown> };
    expect(a.example).toEqual({ $ref: 'not a reference' });
    expect(a.properties.example).toBe(resolved.components!.schemas!.B);
    expect(a.properties.value).toBe(resolved.components!.schemas!.B);
  });

  it('does not change the document it is given', () => {
    const input = document({ A: { $ref: '#/components/schemas/B' }, B: { type: 'string' } });
    const before = JSON.stringify(input);
    buildModel(input, { source: 'x.yaml' });
    expect(JSON.stringify(input)).toBe(before);
  });
});
