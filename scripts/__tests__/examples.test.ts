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
  generatedProblems,
  parseDeclaration,
  toJsonSchema,
  type RestPage,
} from '../examples';
import type { ApiModel } from '@services-manager-docs/core/api';
import { referencePages } from '../../plugins/api-reference/generate';
import type { Cmdlet, CmdletExample, CortexReference } from '../../plugins/api-reference/cortex/model';
import { buildReference } from '../../plugins/api-reference/cortex/reference';
import { exampleTargets } from '../../plugins/api-reference/cortex/targets';

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
  it('each response describes the object its request creates or changes', () => {
    expect(coherenceProblems(spec)).toEqual([]);
  });

  it('fails naming the operation and the field (fixture)', async () => {
    const file = path.join(__dirname, 'fixtures/incoherent-examples.yaml');
    const fixture = await modelFromText(fs.readFileSync(file, 'utf8'), file);
    expect(coherenceProblems(fixture)).toEqual([
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

/**
 * The REST operation pages the reference generator writes for a model, after the objects the examples
 * act on are chosen (as `npm run gen:api` does by building the Cortex reference first).
 */
const restPages = (model: ApiModel): RestPage[] => {
  exampleTargets(model);
  return referencePages(model)
    .filter((page) => page.item.api?.operationId)
    .map((page) => ({ operationId: page.item.api!.operationId!, markdown: page.markdown }));
};

describe('the generated reference tells the story of each call', () => {
  it('every REST and Cortex example, error table and cmdlet output of the specification', () => {
    expect(generatedProblems(spec, restPages(spec), buildReference(spec))).toEqual([]);
  });
});

describe('the generated-example check (fixtures: one broken example per rule)', async () => {
  const file = path.join(__dirname, 'fixtures/generated-examples.yaml');
  const fixture = await modelFromText(fs.readFileSync(file, 'utf8'), file);
  const pages = restPages(fixture);
  const reference = buildReference(fixture);
  const cmdlet = (name: string) => reference.cmdlets.find((candidate) => candidate.name === name)!;
  /** The problems of the fixture's reference with one cmdlet changed (and no REST page). */
  const withCmdlet = (name: string, change: Partial<Cmdlet>) =>
    generatedProblems(fixture, [], {
      ...reference,
      cmdlets: reference.cmdlets.map((candidate) =>
        candidate.name === name ? { ...candidate, ...change } : candidate,
      ),
    } as CortexReference);
  const withExample = (name: string, change: Partial<CmdletExample>, index = 0) =>
    withCmdlet(name, {
      examples: cmdlet(name).examples.map((example, i) =>
        i === index ? { ...example, ...change } : example,
      ),
    });
  /** The problems of the fixture's REST pages with one page's Markdown changed (and no cmdlet). */
  const withPage = (operationId: string, edit: (markdown: string) => string) =>
    generatedProblems(
      fixture,
      pages.map((page) =>
        page.operationId === operationId ? { ...page, markdown: edit(page.markdown) } : page,
      ),
      { ...reference, cmdlets: [] },
    );
  const output = (...objects: Record<string, unknown>[]) =>
    objects
      .map((object) =>
        Object.entries(object)
          .map(([key, value]) => `${key} : ${value}`)
          .join('\n'),
      )
      .join('\n\n');

  it('passes the fixture as generated', () => {
    expect(generatedProblems(fixture, pages, reference)).toEqual([]);
  });

  it('a list shows only the entries its own filter returns, in its order', () => {
    expect(
      withExample('Get-SMThing', {
        output: output(
          { id: '7c4e2a91-3b5d-4f6a-9e8c-1d2b3a4f5e60', name: 'Axle', status: 'Active' },
          { id: '9a2d4f61-7e3b-4c5a-8d1e-2f6b9c0a3e74', name: 'Cog', status: 'Failed' },
        ),
      }),
    ).toEqual([
      `Get-SMThing, example 1 (List things): entry 2 of the output does not satisfy the call's filter "status eq 'Active'": status is "Failed"`,
    ]);
    expect(
      withExample('Get-SMThing', {
        code: `Get-SMThing -Filter "status eq 'Failed' or name eq 'Cog'"`,
        output: output({ id: '3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51', name: 'Sprocket', status: 'Active' }),
      }),
    ).toEqual([
      `Get-SMThing, example 1 (List things): entry 1 of the output does not satisfy the call's filter "status eq 'Failed' or name eq 'Cog'": status is "Active", name is "Sprocket"`,
    ]);
    expect(
      withExample('Get-SMThing', {
        output: output(
          { id: '3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51', name: 'Sprocket', status: 'Active' },
          { id: '7c4e2a91-3b5d-4f6a-9e8c-1d2b3a4f5e60', name: 'Axle', status: 'Active' },
        ),
      }),
    ).toEqual([
      `Get-SMThing, example 1 (List things): entries 1 and 2 of the output are not in the call's order "name"`,
    ]);
  });

  it('a list shows as many entries as its call returns of the list’s totalCount', () => {
    // The fixture's list answer is a page of 3 of 5 entries: the generated call asks for $top=3.
    expect(pages.find((page) => page.operationId === 'listThings')?.markdown).toContain(
      "curl -X GET 'https://things.example.com/api/things?$top=3'",
    );
    expect(
      withPage('listThings', (markdown) => markdown.replace("/api/things?$top=3'", "/api/things'")),
    ).toEqual([
      "REST listThings: the output shows 3 entries, but the call (without $top (default 100)) returns 5 of the list's 5",
    ]);
    const three = [
      { id: '3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51', name: 'Sprocket', status: 'Active' },
      { id: '9a2d4f61-7e3b-4c5a-8d1e-2f6b9c0a3e74', name: 'Cog', status: 'Failed' },
      { id: '7c4e2a91-3b5d-4f6a-9e8c-1d2b3a4f5e60', name: 'Axle', status: 'Active' },
    ];
    expect(withExample('Get-SMThing', { code: 'Get-SMThing -First 3', output: output(...three) })).toEqual(
      [],
    );
    expect(withExample('Get-SMThing', { code: 'Get-SMThing -First 10', output: output(...three) })).toEqual([
      "Get-SMThing, example 1 (List things): the output shows 3 entries, but the call (-First 10) returns 5 of the list's 5",
    ]);
    expect(withExample('Get-SMThing', { code: 'Get-SMThing', output: output(...three) })).toEqual([
      "Get-SMThing, example 1 (List things): the output shows 3 entries, but the call (without -First) returns 5 of the list's 5",
    ]);
  });

  it('an operation the lifecycle restricts acts on an object the read examples show it allowed on', () => {
    const failed = '6b8d0f2a-4c5e-4a7b-9d1f-3e5a7c9b1d20';
    const completed = '0e2a4c6e-8a9b-4d1f-9e3a-5c7e9b1d3f84';
    // The runId example names a Completed run: the generated examples retry the Failed one instead,
    // and remove the thing added directly (Axle), not the one that comes with the kit (Sprocket).
    expect(pages.find((page) => page.operationId === 'retryRun')?.markdown).toContain(
      `/runs/${failed}/retry'`,
    );
    expect(cmdlet('Restart-SMRun').examples[0].code).toBe(`Restart-SMRun -RunId '${failed}'`);
    expect(cmdlet('Remove-SMBundleItem').examples[0].code).toContain(
      "-ThingId '7c4e2a91-3b5d-4f6a-9e8c-1d2b3a4f5e60'",
    );
    const retried = (read: string) =>
      `the call acts on a run whose status is \`Completed\` in the ${read} example, but retryRun is allowed only when it is \`Failed\` (otherwise 409 InvalidState)`;
    expect(
      withPage('retryRun', (markdown) =>
        markdown.replace(`/runs/${failed}/retry'`, `/runs/${completed}/retry'`),
      ),
    ).toEqual([`REST retryRun: ${retried('listRuns')}`, `REST retryRun: ${retried('getRun')}`]);
    expect(withExample('Restart-SMRun', { code: `Restart-SMRun -RunId '${completed}'` })).toEqual([
      `Restart-SMRun, example 1 (Retry a run): ${retried('listRuns')}`,
      `Restart-SMRun, example 1 (Retry a run): ${retried('getRun')}`,
    ]);
    expect(
      withExample('Remove-SMBundleItem', {
        code: "Remove-SMBundleItem -BundleId '1b3d5f7a-9c0e-4b2d-8f4a-6c8e0a2c4e18' -ThingId '3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51'",
      }),
    ).toEqual([
      'Remove-SMBundleItem, example 1 (Remove a thing from a bundle): the call acts on a bundle item whose source is `Kit` in the getBundle example, but removeBundleItem is allowed only when the thing was added to the bundle directly (`source` is `Direct`) (otherwise 409 InvalidState)',
      'Remove-SMBundleItem, example 1 (Remove a thing from a bundle): items is the ids ["3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51"] in the output, but ["7c4e2a91-3b5d-4f6a-9e8c-1d2b3a4f5e60"] after the call removes "3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51"',
    ]);
  });

  it('a created object carries exactly what was sent plus what the API adds', () => {
    expect(
      withPage('createThing', (markdown) => markdown.replace('  "description": "A small gear.",\n', '')),
    ).toEqual(['REST createThing: description is sent as "A small gear.", but the output does not show it']);
    expect(withExample('New-SMThing', { code: "New-SMThing -Name 'Gear'" })).toEqual([
      'New-SMThing, example 1 (Create a thing): description is "A small gear." in the output, but the call does not send it',
    ]);
  });

  it('a dry run only where the call asks for one', () => {
    expect(withExample('New-SMRun', { code: "New-SMRun -Period '2025-05'" })).toEqual([
      'New-SMRun, example 1 (Start a run): dryRun is true in the output, but the call does not ask for it (default false)',
    ]);
  });

  it('a changed object differs from the object before only in what the call changes', () => {
    expect(
      withExample('Set-SMThing', {
        output: output({
          id: '3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51',
          name: 'Gear',
          description: 'A sprocket with teeth.',
          status: 'Active',
        }),
      }),
    ).toEqual([
      'Set-SMThing, example 1 (Update a thing): name is "Gear" in the output, but "Sprocket" before the call, which does not change it',
    ]);
    expect(
      withExample('Add-SMBundleItem', {
        output: output({
          id: '1b3d5f7a-9c0e-4b2d-8f4a-6c8e0a2c4e18',
          name: 'Starter kit',
          items: '{@{id=3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51; name=Sprocket}}',
        }),
      }),
    ).toEqual([
      'Add-SMBundleItem, example 1 (Add a thing to a bundle): items is the ids ["3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51"] in the output, but ["3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51","7c4e2a91-3b5d-4f6a-9e8c-1d2b3a4f5e60","5c7e9a1b-3d4f-4a6c-8e0a-2b4d6f8a0c96"] after the call adds "5c7e9a1b-3d4f-4a6c-8e0a-2b4d6f8a0c96"',
    ]);
  });

  it('successive changes of one object each start where the one before ended (updatedAt)', async () => {
    // The bundle at 10:00 (Sprocket, Axle); Axle removed at 10:40; Gear added at 10:45.
    const text = fs
      .readFileSync(file, 'utf8')
      .replace(
        "      name: { type: string }\n      items:\n        type: array\n        items: { $ref: '#/definitions/BundleItem' }",
        "      name: { type: string }\n      items:\n        type: array\n        items: { $ref: '#/definitions/BundleItem' }\n      updatedAt: { type: string, format: date-time, readOnly: true }",
      )
      .replace(
        '                - { id: 7c4e2a91-3b5d-4f6a-9e8c-1d2b3a4f5e60, name: Axle, source: Direct }\n  /bundles/{bundleId}/items:',
        "                - { id: 7c4e2a91-3b5d-4f6a-9e8c-1d2b3a4f5e60, name: Axle, source: Direct }\n              updatedAt: '2025-06-02T10:00:00Z'\n  /bundles/{bundleId}/items:",
      )
      .replace(
        '                - { id: 7c4e2a91-3b5d-4f6a-9e8c-1d2b3a4f5e60, name: Axle, source: Direct }\n                - { id: 5c7e9a1b-3d4f-4a6c-8e0a-2b4d6f8a0c96, name: Gear, source: Direct }',
        "                - { id: 5c7e9a1b-3d4f-4a6c-8e0a-2b4d6f8a0c96, name: Gear, source: Direct }\n              updatedAt: '2025-06-02T10:45:00Z'",
      )
      .replace(
        '              items: [{ id: 3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51, name: Sprocket, source: Kit }]',
        "              items: [{ id: 3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51, name: Sprocket, source: Kit }]\n              updatedAt: '2025-06-02T10:40:00Z'",
      );
    expect(text.match(/updatedAt/g)).toHaveLength(4);
    const successive = await modelFromText(text, file);
    const bundles = (model: ApiModel) =>
      generatedProblems(model, restPages(model), buildReference(model)).filter((problem) =>
        /Bundle/.test(problem),
      );
    // Adding Gear at 10:45 starts from the bundle without Axle, as the removal at 10:40 left it.
    expect(bundles(successive)).toEqual([]);
    // An add that still shows Axle contradicts the removal before it.
    const stale = await modelFromText(
      text.replace(
        "                - { id: 5c7e9a1b-3d4f-4a6c-8e0a-2b4d6f8a0c96, name: Gear, source: Direct }\n              updatedAt: '2025-06-02T10:45:00Z'",
        "                - { id: 7c4e2a91-3b5d-4f6a-9e8c-1d2b3a4f5e60, name: Axle, source: Direct }\n                - { id: 5c7e9a1b-3d4f-4a6c-8e0a-2b4d6f8a0c96, name: Gear, source: Direct }\n              updatedAt: '2025-06-02T10:45:00Z'",
      ),
      file,
    );
    expect(bundles(stale)).toContain(
      'REST addBundleItem: items is the ids ["3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51","7c4e2a91-3b5d-4f6a-9e8c-1d2b3a4f5e60","5c7e9a1b-3d4f-4a6c-8e0a-2b4d6f8a0c96"] in the output, but ["3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51","5c7e9a1b-3d4f-4a6c-8e0a-2b4d6f8a0c96"] after the call adds "5c7e9a1b-3d4f-4a6c-8e0a-2b4d6f8a0c96"',
    );
  });

  it('a queued import counts the entries the call sends, and has no child requests before it starts', () => {
    expect(withExample('Import-SMThing', { code: "Import-SMThing -Items @(@{ name = 'Gear' })" })).toEqual([
      'Import-SMThing, example 1 (Import things): the queued request\'s target is "2 items", but the call sends 1 items',
    ]);
    // Children are created once the request runs (its lifecycle), not while it is Queued.
    const queued = cmdlet('Import-SMThing').examples[0].output!;
    expect(
      withExample('Import-SMThing', { output: queued.replace(/childCount : 0/, 'childCount : 2') }),
    ).toEqual([
      'Import-SMThing, example 1 (Import things): the queued request has 2 child requests, but a request that is Queued and has not started has none yet',
    ]);
    // Once it runs, one child request per item sent.
    const running = queued.replace(/status\s*: Queued/, 'status     : Completed');
    expect(
      withExample('Import-SMThing', { output: running.replace(/childCount : 0/, 'childCount : 1') }),
    ).toEqual([
      'Import-SMThing, example 1 (Import things): the queued request has 1 child requests, but the call sends 2 items (one child request per item)',
    ]);
  });

  it('ids are in the API’s format wherever the schema says format: uuid', () => {
    expect(
      withExample(
        'Get-SMThing',
        { output: output({ id: 't-2', name: 'Sprocket', description: 'A sprocket.', status: 'Active' }) },
        1,
      ),
    ).toEqual([
      'Get-SMThing, example 2 (Get a thing): id is "t-2" in the output, not a UUID (the schema\'s format is uuid)',
    ]);
    expect(
      withPage('getThing', (markdown) =>
        markdown.replace('"id": "3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51"', '"id": "string"'),
      ),
    ).toEqual(['REST getThing: id is "string" in the output, not a UUID (the schema\'s format is uuid)']);
  });

  it('one object where the operation answers one, even with an items array of its own', () => {
    const bundle = cmdlet('Get-SMBundle');
    expect(
      withCmdlet('Get-SMBundle', {
        outputs: [
          bundle.outputs[0].replace(
            'The bundle.',
            'one object per entry; Cortex follows `nextLink` for you.',
          ),
        ],
        examples: [
          {
            ...bundle.examples[0],
            output: output(
              { id: '3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51', name: 'Sprocket' },
              { id: '5c7e9a1b-3d4f-4a6c-8e0a-2b4d6f8a0c96', name: 'Gear' },
            ),
          },
        ],
      }),
    ).toEqual([
      'Get-SMBundle, example 1 (Get a bundle): the output shows 2 objects, but getBundle answers one Bundle',
      'Get-SMBundle: the Outputs section says one object per entry for getBundle, which answers one Bundle',
    ]);
  });

  it('error tables list every code the specification gives for a status', () => {
    const notes = cmdlet('Get-SMThing').notes.map((note) =>
      note.replace('`ValidationFailed`, `InvalidFilter`, `InvalidPaging`', '`ValidationFailed`'),
    );
    expect(withCmdlet('Get-SMThing', { notes })).toEqual([
      'Get-SMThing: the error table lists ValidationFailed for 400, but the specification also gives InvalidFilter, InvalidPaging',
    ]);
    expect(
      withPage('createThing', (markdown) =>
        markdown.replace('| `InvalidState`, `DuplicateName`, `IdempotencyKeyReused` |', '| `InvalidState` |'),
      ),
    ).toEqual([
      'REST createThing: the error table lists InvalidState for 409, but the specification also gives DuplicateName, IdempotencyKeyReused',
    ]);
  });

  it('names Idempotency-Key, and the code it causes, only where the operation takes the key', () => {
    expect(
      withPage('updateThing', (markdown) =>
        markdown
          .replace(
            '`InvalidState` or `DuplicateName`.',
            '`InvalidState`, `DuplicateName`, or `IdempotencyKeyReused`.',
          )
          .replace('Repeat the call later;', 'Repeat the call later with the same `Idempotency-Key`;'),
      ),
    ).toEqual([
      'REST updateThing: the error table names IdempotencyKeyReused for 409, but the operation does not take the parameter that causes it',
      "REST updateThing: the error table's 500 row names `Idempotency-Key`, which the operation does not take",
    ]);
  });

  it('a cmdlet waits for what its operation starts: a run is not a request', () => {
    const run = cmdlet('New-SMRun');
    expect(
      withCmdlet('New-SMRun', {
        notes: run.notes.map((note) =>
          note.replace(
            '`Completed` or `Failed`, and `Get-SMRun` reads it later',
            '`Completed`, `Failed` or `Cancelled`, and `Wait-SMRequest` waits for it later',
          ),
        ),
      }),
    ).toEqual([
      'New-SMRun: the page says a Run can be `Cancelled`, which is not a state of Run',
      'New-SMRun: the page sends the reader to `Wait-SMRequest` to follow the Run it starts, but Wait-SMRequest does not read a Run',
    ]);
  });

  it('a call uses the cmdlet’s own parameters', () => {
    expect(withExample('New-SMThing', { code: "New-SMThing -Title 'Gear'" })).toEqual([
      'New-SMThing, example 1 (Create a thing): New-SMThing -Title fits none of its parameter sets',
    ]);
  });
});
