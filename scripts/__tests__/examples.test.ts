import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listGuides } from '../content';
import { apiModel, DEFAULT_SPEC, modelFromText } from '@services-manager-docs/core/api';
import {
  codeBlocks,
  coherenceProblems,
  createValidator,
  exampleProblems,
  parseDeclaration,
  simpleFilter,
  toJsonSchema,
} from '../examples';

const ROOT = path.resolve(__dirname, '../..');
const spec = await apiModel({ kind: 'file', location: path.join(ROOT, DEFAULT_SPEC) });
const validate = createValidator(spec);
/** The guides of both docs instances; the generated reference is checked by its generator. */
const guides = listGuides(ROOT);

describe('request and response examples in the guides', () => {
  it.each(guides)('%s: every example matches its operation’s schema', (file) => {
    expect(exampleProblems(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), spec, validate)).toEqual([]);
  });

  it('are declared somewhere, so the check has something to check', () => {
    const declared = guides.flatMap((file) =>
      codeBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8')).filter(
        (block) => typeof parseDeclaration(block.meta) === 'object',
      ),
    );
    expect(declared.length).toBeGreaterThanOrEqual(10);
  });
});

describe('the example check', () => {
  const page = (fence: string, json: string) => `---\ntitle: T\n---\n\nText.\n\n${fence}\n${json}\n\`\`\`\n`;
  const check = (fence: string, json: string) =>
    exampleProblems('docs/fixture.md', page(fence, json), spec, validate);

  it('passes a correct request and response', () => {
    expect(
      check('```json request=addWorkspaceRoleMember', '{ "userId": "7a1c5e9b-3d6f-4a8c-8e0b-5f7a9c1e3d74" }'),
    ).toEqual([]);
    expect(
      check(
        '```json response=cancelRequest 404',
        '{ "code": "ResourceNotFound", "message": "Request x was not found.", "details": [], "requestId": "0HN8K2Q4V7R1S:00000003" }',
      ),
    ).toEqual([]);
  });

  it('fails naming the file, the line and the schema path that does not match', () => {
    const problems = check(
      '```json request=addWorkspaceRoleMember',
      '{ "userPrincipalName": "megan.bowen@contoso.example.com" }',
    );
    expect(problems).toContain(
      "docs/fixture.md:7: request=addWorkspaceRoleMember: (the body) must have required property 'userId' (schema #/definitions/WorkspaceRoleMemberAdd/required)",
    );
    expect(problems).toContain(
      'docs/fixture.md:7: request=addWorkspaceRoleMember: (the body) must NOT have additional properties ("userPrincipalName") (schema #/definitions/WorkspaceRoleMemberAdd/additionalProperties)',
    );
    expect(
      check(
        '```json response=getRequest 200',
        '{ "id": "c4e8a2d6-1f3b-4a5c-9d7e-0b2f6a8c4e19", "type": "Customer.Create", "status": "Done", "target": { "type": "Customer", "id": "8d1c2f44-5b7e-4c3a-9e21-6f0a4b3c2d11" }, "createdAt": "2025-06-02T08:30:00Z", "attempt": 1 }',
      ),
    ).toEqual([
      'docs/fixture.md:7: response=getRequest 200: /status must be equal to one of the allowed values (schema #/definitions/Request/properties/status/enum)',
    ]);
  });

  it('holds error examples to the Error model and its codes', () => {
    const problems = check(
      '```json response=listCustomers 403',
      '{ "error": { "code": "Forbidden", "message": "No." } }',
    );
    expect(problems[0]).toMatch(
      /^docs\/fixture\.md:7: response=listCustomers 403: \(the body\) must have required property 'code'/,
    );
    expect(
      check(
        '```json response=listCustomers 400',
        '{ "code": "InvalidQueryOption", "message": "No.", "details": [{ "code": "TooLarge", "message": "No." }], "requestId": "x" }',
      ),
    ).toEqual([
      expect.stringMatching(
        /^docs\/fixture\.md:7: response=listCustomers 400: \/code "InvalidQueryOption" is not an error code of the Error model \(ValidationFailed, /,
      ),
      expect.stringMatching(
        /\/details\/0\/code "TooLarge" is not a detail code the specification uses \(.*Required/,
      ),
    ]);
  });

  it('reads the body of an HTTP message, and asks for a declaration when it has none', () => {
    expect(
      check(
        '```http request=addWorkspaceRoleMember',
        'POST /api/v2/workspace/roles/7f3c2a1e-0b7d-4c55-9e4a-2d1f6b8c9a10/members HTTP/1.1\nHost: portal.example.com\n\n{ "userId": "x" }',
      ),
    ).toEqual([
      'docs/fixture.md:7: request=addWorkspaceRoleMember: /userId must match format "uuid" (schema #/definitions/WorkspaceRoleMemberAdd/properties/userId/format)',
    ]);
    expect(check('```text', 'HTTP/1.1 403 Forbidden\n\n{ "code": "InsufficientScope" }')[0]).toMatch(
      /^docs\/fixture\.md:7: this JSON reads like an API body.*declare its operation/,
    );
    expect(check('```json', '{ "code": "x", "message": "y", "requestId": "z" }')[0]).toMatch(
      /reads like an API body \(Error\)/,
    );
    expect(check('```json', '{ "RabbitMQ": { "HostName": "mq01.example.com" } }')).toEqual([]);
  });

  it('names a wrong declaration', () => {
    expect(check('```json response=createCustomer', '{}')).toEqual([
      'docs/fixture.md:7: "response=createCustomer" needs the HTTP status after the operationId, e.g. response=createCustomer 200',
    ]);
    expect(check('```json request=makeCustomer', '{}')).toEqual([
      'docs/fixture.md:7: request=makeCustomer: no operation "makeCustomer" in the specification',
    ]);
    expect(check('```json response=createCustomer 201', '{}')[0]).toMatch(
      /createCustomer has no 201 response \(it has 202, 400/,
    );
    expect(check('```json request=createCustomer', '{ "name": ')[0]).toMatch(/the example is not valid JSON/);
  });
});

describe('toJsonSchema', () => {
  it('closes objects to unlisted properties and drops Swagger-only keywords', () => {
    expect(
      toJsonSchema({
        type: 'object',
        example: {},
        'x-tag': 1,
        properties: { a: { type: 'file' }, example: { type: 'string' } },
      }),
    ).toEqual({
      type: 'object',
      properties: { a: {}, example: { type: 'string' } },
      additionalProperties: false,
    });
  });
});

describe('the specification’s examples tell one story', () => {
  it('each response describes the object its request creates or changes, and lists satisfy their filter', () => {
    expect(coherenceProblems(spec)).toEqual([]);
  });

  it('fails naming the operation and the field (fixture)', async () => {
    const file = path.join(__dirname, 'fixtures/incoherent-examples.yaml');
    const fixture = await modelFromText(fs.readFileSync(file, 'utf8'), file);
    expect(coherenceProblems(fixture)).toEqual([
      `listThings: items[1] does not satisfy the example filter "startswith(name,'Con') and status eq 'Active'": name is "Adatum Corporation", which does not satisfy startswith(name,"Con")`,
      `listThings: items[1] does not satisfy the example filter "startswith(name,'Con') and status eq 'Active'": status is "Provisioning", which does not satisfy status eq "Active"`,
      'createThing: the response example contradicts the request example: name (request "Contoso Ltd", response "Adatum Corporation")',
      'getThing: id is "t-2" in the response example, but the path parameter {thingId} is "t-1"',
      'listParts: items[1].thingId is "t-9" in the response example, but the path parameter {thingId} is "t-1"',
    ]);
  });

  it('compares nested fields, and the ids a request names with the queued request’s target', async () => {
    const one = async (request: object, response: object, schema = 'Request') =>
      coherenceProblems(
        await modelFromText(
          JSON.stringify({
            swagger: '2.0',
            info: { title: 'Fixture', version: '1' },
            consumes: ['application/json'],
            produces: ['application/json'],
            definitions: { [schema]: { type: 'object' } },
            paths: {
              '/x': {
                post: {
                  operationId: 'addX',
                  parameters: [
                    {
                      name: 'body',
                      in: 'body',
                      schema: { type: 'object', properties: propertiesOf(request) },
                    },
                  ],
                  responses: {
                    '202': {
                      description: 'Done.',
                      schema: { $ref: `#/definitions/${schema}` },
                      examples: { 'application/json': response },
                    },
                  },
                },
              },
            },
          }),
          'fixture.yaml',
        ),
      );
    expect(
      await one(
        { contact: { email: 'megan.bowen@contoso.example.com' } },
        { contact: { email: 'lee.gu@adatum.example.net' } },
        'Customer',
      ),
    ).toEqual([
      'addX: the response example contradicts the request example: contact.email (request "megan.bowen@contoso.example.com", response "lee.gu@adatum.example.net")',
    ]);
    expect(await one({ userId: 'u-1' }, { target: { type: 'User', id: 'u-2' } })).toEqual([
      'addX: the response example contradicts the request example: userId is "u-1", target.id is "u-2"',
    ]);
    expect(await one({ userId: 'u-1' }, { target: { type: 'User', id: 'u-1' } })).toEqual([]);
  });

  it('reads simple filters only', () => {
    expect(simpleFilter("status eq 'Failed' and startswith(name,'Con')")).toEqual([
      { property: 'status', op: 'eq', value: 'Failed' },
      { property: 'name', op: 'startswith', value: 'Con' },
    ]);
    expect(simpleFilter('itemCount eq 0 and published eq true')).toEqual([
      { property: 'itemCount', op: 'eq', value: 0 },
      { property: 'published', op: 'eq', value: true },
    ]);
    expect(simpleFilter("level eq 'Error' or level eq 'Warning'")).toBeUndefined();
  });
});

/** Schema properties whose examples are the given values. */
function propertiesOf(values: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value && typeof value === 'object'
        ? { type: 'object', properties: propertiesOf(value) }
        : { type: 'string', example: value },
    ]),
  );
}
