import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiModel, CMDLETS_FILE, modelFromText, parseCmdletsFile } from '@services-manager-docs/core/api';
import { sidebarItems } from '../load';
import type { Cmdlet, ParameterSet } from '../model';
import { cmdletPage, cmdletTables, SECTIONS, syntaxEntry } from '../page';
import {
  formatList,
  psCommand,
  psLiteral,
  psLiteralLines,
  readInvocations,
  readListOutput,
  readListValue,
} from '../powershell';
import { buildReference, missingExtensions, restPageId } from '../reference';
import { parameterName, parameterSets, pascalCase, powerShellType, type OperationShape } from '../rules';

const ROOT = path.resolve(__dirname, '../../../..');
const SPEC_FILE = 'openapi/services-manager-v2.yaml';
const specText = fs.readFileSync(path.join(ROOT, SPEC_FILE), 'utf8');
const cmdletsFile = parseCmdletsFile(fs.readFileSync(path.join(ROOT, CMDLETS_FILE), 'utf8'), CMDLETS_FILE);
const model = await apiModel({ kind: 'file', location: SPEC_FILE }, { cwd: ROOT });
const reference = buildReference(model);
/** The reference of a changed copy of the specification. */
const referenceFromText = async (text: string) =>
  buildReference(await modelFromText(text, SPEC_FILE, cmdletsFile));
const cmdlet = (name: string) => reference.cmdlets.find((candidate) => candidate.name === name) as Cmdlet;
const names = (set: ParameterSet) => set.parameters.map((parameter) => parameter.name);

const op = (overrides: Partial<OperationShape>): OperationShape => ({
  operationId: 'listThings',
  method: 'get',
  path: '/things',
  cmdlet: 'Get-SMThing',
  parameters: [],
  longRunning: false,
  ...overrides,
});
const id = (name: string) => ({ name, in: 'path', required: true, type: 'string', format: 'uuid' });

describe('naming rules', () => {
  it('writes names in PascalCase and turns the query options into Get- parameters', () => {
    expect(pascalCase('customerId')).toBe('CustomerId');
    expect(pascalCase('include_children')).toBe('IncludeChildren');
    expect(['$filter', '$orderby', '$top', '$skip'].map((name) => parameterName(name))).toEqual([
      'Filter',
      'OrderBy',
      'First',
      'Skip',
    ]);
  });

  it('lets the extension override a name', () => {
    expect(parameterName('file', { file: 'Path' })).toBe('Path');
    expect(parameterName('name', { file: 'Path' })).toBe('Name');
  });

  it('maps schema types to the types PowerShell shows', () => {
    expect(powerShellType({ type: 'string', format: 'uuid' })).toBe('Guid');
    expect(powerShellType({ type: 'string', format: 'date' })).toBe('DateTime');
    expect(powerShellType({ type: 'integer', format: 'int32' })).toBe('Int32');
    expect(powerShellType({ type: 'boolean' })).toBe('SwitchParameter');
    expect(powerShellType({ type: 'boolean', default: true })).toBe('Boolean');
    expect(powerShellType({ type: 'array', items: { type: 'string', format: 'uuid' } })).toBe('Guid[]');
    expect(powerShellType({ type: 'array', items: { type: 'object', properties: {} } })).toBe('PSObject[]');
    expect(powerShellType({ type: 'object' })).toBe('Hashtable');
  });

  it('gives a list operation paging parameters and a get operation a positional id with the alias Id', () => {
    const [list, get] = parameterSets([
      op({
        parameters: ['$top', '$skip', '$filter', '$orderby'].map((name) => ({
          name,
          in: 'query',
          type: 'string',
        })),
      }),
      op({ operationId: 'getThing', path: '/things/{thingId}', parameters: [id('thingId')] }),
    ]);
    expect(names(list)).toEqual(['First', 'Skip', 'Filter', 'OrderBy']);
    expect(get.parameters[0]).toMatchObject({
      name: 'ThingId',
      type: 'Guid',
      required: true,
      position: 0,
      pipeline: 'ByPropertyName',
      aliases: ['Id'],
    });
  });

  it('gives the alias Id to the single-resource read when two operations of a cmdlet compete for it', () => {
    const sets = parameterSets([
      op({ operationId: 'listItems', path: '/customers/{customerId}/items', parameters: [id('customerId')] }),
      op({
        operationId: 'getItem',
        path: '/customers/{customerId}/items/{itemId}',
        parameters: [id('customerId'), id('itemId')],
      }),
    ]);
    expect(sets.map((set) => set.parameters.map((p) => [p.name, p.position, p.aliases]))).toEqual([
      [['CustomerId', 0, []]],
      [
        ['CustomerId', 0, []],
        ['ItemId', 1, ['Id']],
      ],
    ]);
  });

  it('lets a piped parent list its children when the read does not take the parent (Get-SMCustomer | Get-SMUser)', () => {
    const sets = parameterSets([
      op({ operationId: 'listUsers', path: '/customers/{customerId}/users', parameters: [id('customerId')] }),
      op({ operationId: 'getUser', path: '/users/{userId}', parameters: [id('userId')] }),
    ]);
    // A customer's `Id` binds to -CustomerId, and a single positional value has one set to go to.
    expect(sets[0].parameters[0]).toMatchObject({ name: 'CustomerId', position: 0, aliases: ['Id'] });
    expect(sets[1].parameters[0]).toMatchObject({ name: 'UserId', aliases: [], pipeline: 'ByPropertyName' });
    expect(sets[1].parameters[0].position).toBeUndefined();
  });

  it('builds Get-SMUser so that a piped customer lists and -UserId reads one user', () => {
    const getUser = cmdlet('Get-SMUser');
    expect(getUser.synopsis).toBe('Returns the users of one customer. With `-UserId`, returns one user.');
    const [list, get] = getUser.sets;
    expect(list.parameters[0]).toMatchObject({ name: 'CustomerId', position: 0, aliases: ['Id'] });
    expect(get.parameters[0]).toMatchObject({ name: 'UserId', aliases: [] });
    expect(get.parameters[0].position).toBeUndefined();
    const restart = cmdlet('Restart-SMRequest');
    expect(restart.sets[1].parameters.find((p) => p.name === 'InputObject')?.required).toBe(true);
  });

  it('makes -InputObject mandatory in its own set, also when the body is optional (Restart-SMRequest)', () => {
    const [byParameters, byObject] = parameterSets([
      op({
        operationId: 'retryThing',
        method: 'post',
        path: '/things/{thingId}/retry',
        parameters: [id('thingId')],
        body: { type: 'object', properties: { comment: { type: 'string' } } },
        bodyRequired: false,
        longRunning: true,
      }),
    ]);
    // With only -ThingId, the call fits the first set alone.
    expect(byParameters.parameters.filter((p) => p.required).map((p) => p.name)).toEqual(['ThingId']);
    expect(byObject.parameters.find((p) => p.name === 'InputObject')).toMatchObject({ required: true });
  });

  it('turns a body into parameters and an -InputObject set, with -Wait for 202 and -WhatIf for changes', () => {
    const sets = parameterSets([
      op({
        operationId: 'addThingPlan',
        method: 'post',
        path: '/things/{thingId}/plans',
        parameters: [id('thingId'), { name: 'Idempotency-Key', in: 'header', type: 'string' }],
        body: {
          type: 'object',
          required: ['offerId'],
          properties: {
            offerId: { type: 'string' },
            contact: { type: 'object', properties: { name: { type: 'string' } } },
            assignedCount: { type: 'integer', readOnly: true },
          },
        },
        bodyRequired: true,
        longRunning: true,
      }),
    ]);
    expect(sets.map((set) => set.name)).toEqual(['AddThingPlan', 'AddThingPlanInputObject']);
    expect(names(sets[0])).toEqual([
      'ThingId',
      'OfferId',
      'Contact',
      'Wait',
      'TimeoutSeconds',
      'WhatIf',
      'Confirm',
    ]);
    expect(names(sets[1])).toEqual(['ThingId', 'InputObject', 'Wait', 'TimeoutSeconds', 'WhatIf', 'Confirm']);
    expect(sets[0].parameters[1]).toMatchObject({ required: true, type: 'String' });
    expect(sets[0].parameters[2]).toMatchObject({ required: false, type: 'Hashtable' });
    expect(sets[0].parameters[2].description).toContain('A hashtable with the keys `name`.');
    // The piped object binds to -ThingId here; only a body alone comes from the pipeline by value.
    expect(sets[1].parameters[1]).toMatchObject({ required: true });
    expect(sets[1].parameters[1].pipeline).toBeUndefined();
  });

  it('renames through the extension, and refuses unknown renames and colliding names', () => {
    const upload = op({
      operationId: 'importIcon',
      method: 'post',
      parameters: [{ name: 'file', in: 'formData', type: 'file', required: true }],
      renames: { file: 'Path' },
    });
    expect(names(parameterSets([upload])[0])).toEqual(['Path', 'WhatIf', 'Confirm']);
    // An upload's fields are parameters only: its file is read from a path, so there is no -InputObject.
    expect(parameterSets([upload])).toHaveLength(1);
    expect(() => parameterSets([{ ...upload, renames: { picture: 'Path' } }])).toThrow(
      'importIcon: x-cortex.parameters renames "picture", which is neither a parameter nor a body property',
    );
    const clash = op({
      parameters: [
        { name: 'thing_id', in: 'query', type: 'string' },
        { name: 'thingId', in: 'query', type: 'string' },
      ],
    });
    expect(() => parameterSets([clash])).toThrow(
      /two parameters of Get-SMThing would be named -ThingId\. Rename one/,
    );
  });
});

describe('the specification', () => {
  it('gives -InputObject to every cmdlet of a JSON body and to no upload, as the naming rules say', () => {
    const rules = fs.readFileSync(path.join(ROOT, 'api-docs/cortex.md'), 'utf8');
    const row = rules.split('\n').find((line) => line.startsWith('| Body properties |')) ?? '';
    expect(row).toContain('For a JSON body, `-InputObject` takes the whole body instead');
    expect(row).toContain('An upload (a `multipart/form-data` body) has no `-InputObject`');
    for (const operation of model.operations) {
      const content = operation.requestBody?.content ?? {};
      if (!content['application/json'] && !content['multipart/form-data']) continue;
      const name = operation['x-cortex']?.cmdlet as string;
      const sets = cmdlet(name).sets.filter((set) => set.name.startsWith(pascalCase(operation.operationId)));
      const hasInputObject = sets.some((set) => names(set).includes('InputObject'));
      expect([operation.operationId, hasInputObject]).toEqual([
        operation.operationId,
        Boolean(content['application/json']),
      ]);
    }
    expect(names(cmdlet('Import-SMWorkspaceIcon').sets[0])).toEqual(['Path', 'Name', 'WhatIf', 'Confirm']);
  });

  it('names a cmdlet for every operation, and gen:api fails naming an operation without one and the fix', async () => {
    expect(missingExtensions(model)).toEqual([]);
    const broken = specText.replace(/\n {6}x-cortex:\n {8}cmdlet: Get-SMCustomer\n/, '\n');
    const [problem] = missingExtensions(await modelFromText(broken, SPEC_FILE));
    expect(problem).toContain(
      'openapi/services-manager-v2.yaml: operation listCustomers (GET /customers) names no Cortex cmdlet',
    );
    expect(problem).toContain('x-cortex:\n        cmdlet: Verb-SMNoun');
    await expect(referenceFromText(broken)).rejects.toThrow(
      /listCustomers \(GET \/customers\) names no Cortex cmdlet/,
    );
  });

  it('refuses a name that is not Verb-SMNoun with an approved verb', async () => {
    const renamed = specText.replace('cmdlet: Add-SMCustomerPlan', 'cmdlet: Buy-SMCustomerPlan');
    await expect(referenceFromText(renamed)).rejects.toThrow(
      /addCustomerPlan \(POST \/customers\/\{customerId\}\/plans\): x-cortex\.cmdlet "Buy" in Buy-SMCustomerPlan is not an approved PowerShell verb/,
    );
  });

  it('has one cmdlet per operation plus the extra cmdlets, grouped by tag, sessions first', () => {
    const operations = model.operations;
    const fromOperations = reference.cmdlets.filter(
      (c) => c.operations.length && !['Wait-SMRequest'].includes(c.name),
    );
    expect(fromOperations.flatMap((c) => c.operations)).toHaveLength(operations.length);
    expect(reference.cmdlets.slice(0, 2).map((c) => c.name)).toEqual([
      'Connect-SMService',
      'Disconnect-SMService',
    ]);
    expect(cmdlet('Wait-SMRequest').tag).toBe('Request');
    expect(sidebarItems(reference)[0]).toEqual({
      type: 'category',
      label: 'Session',
      items: ['cortex/connect-smservice', 'cortex/disconnect-smservice'],
    });
  });
});

describe('PowerShell text', () => {
  it('writes literals and wraps long commands with backticks', () => {
    expect(psLiteral("O'Brien")).toBe("'O''Brien'");
    expect(psLiteral(['sm.read', 'sm.write'])).toBe("'sm.read', 'sm.write'");
    expect(psLiteral({ name: 'Megan Bowen', 'e-mail': 'x' })).toBe(
      "@{ name = 'Megan Bowen'; 'e-mail' = 'x' }",
    );
    expect(psCommand('New-SMThing', ['-A 1', `-B '${'x'.repeat(90)}'`])).toBe(
      `New-SMThing -A 1 \`\n    -B '${'x'.repeat(90)}'`,
    );
    expect(formatList({ id: 1, published: false, target: { type: 'User' } })).toBe(
      'id        : 1\npublished : False\ntarget    : @{type=User}',
    );
    expect(
      syntaxEntry({
        name: 'CustomerId',
        type: 'Guid',
        description: '',
        required: true,
        position: 0,
        aliases: [],
      }),
    ).toBe('[-CustomerId] <Guid>');
  });
});

describe('PowerShell read back', () => {
  it('reads the calls an example makes: literals, switches, lists, pipelines and line breaks', () => {
    const code = [
      "$r = New-SMThing -Name 'O''Brien' -Count 3 -DryRun -Tags 'a', 'b' `",
      "    -Contact @{ name = 'Megan Bowen'; email = 'x' } -Items @(",
      "    @{ name = 'One' }",
      "    @{ name = 'Two' }",
      ') -Confirm:$false',
      `Get-SMThing -Filter "status eq 'Active'" | Wait-SMThing -Id $r.id`,
    ].join('\n');
    expect(readInvocations(code)).toEqual([
      {
        name: 'New-SMThing',
        piped: false,
        args: {
          Name: "O'Brien",
          Count: 3,
          DryRun: true,
          Tags: ['a', 'b'],
          Contact: { name: 'Megan Bowen', email: 'x' },
          Items: [{ name: 'One' }, { name: 'Two' }],
          Confirm: false,
        },
      },
      { name: 'Get-SMThing', piped: false, args: { Filter: "status eq 'Active'" } },
      { name: 'Wait-SMThing', piped: true, args: { Id: { variable: '$r.id' } } },
    ]);
  });

  it('reads the list view back into objects of the schema’s types', () => {
    const schema = {
      properties: {
        count: { type: 'integer' },
        on: { type: 'boolean' },
        ids: { type: 'array', items: { type: 'string' } },
        target: { type: 'object', properties: { id: { type: 'string' } } },
      },
    };
    const objects = [
      { count: 2, on: false, ids: ['a', 'b'], target: { id: 't-1' } },
      { count: 3, on: true, ids: ['c'] },
    ];
    expect(readListOutput(objects.map(formatList).join('\n\n'), schema)).toEqual(objects);
    expect(readListValue('{@{id=a; name=A}, @{id=b; name=B}}', { type: 'array', items: {} })).toEqual([
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ]);
  });

  it('writes a long list of objects one object a line, which reads back the same', () => {
    const items = [{ name: 'x'.repeat(50) }, { name: 'y'.repeat(50) }];
    const code = psCommand('Import-SMThing', [`-Items ${psLiteralLines(items)}`, '-Wait']);
    expect(code).toBe(
      `Import-SMThing -Items @(\n    @{ name = '${'x'.repeat(50)}' }\n    @{ name = '${'y'.repeat(50)}' }\n) -Wait`,
    );
    expect(readInvocations(code)[0].args).toEqual({ Items: items, Wait: true });
  });
});

/** A page's H2 headings in order. */
const headings = (page: string) => [...page.matchAll(/^## (.+?) \{#[\w-]+\}$/gm)].map((match) => match[1]);
const section = (page: string, id: string) =>
  page.split(new RegExp(`^## .+ \\{#${id}\\}$`, 'm'))[1].split(/^## /m)[0];

describe('generated pages, one operation of each kind', () => {
  it('a list (and get) cmdlet: Get-SMCustomer', () => {
    const page = cmdletPage(cmdlet('Get-SMCustomer'));
    expect(page).toMatch(/^---\nid: get-smcustomer\ntitle: Get-SMCustomer\n/);
    expect(headings(page)).toEqual(SECTIONS.map(([heading]) => heading));
    expect(section(page, 'syntax')).toContain(
      '```powershell\nGet-SMCustomer\n    [-First <Int32>]\n    [-Skip <Int32>]\n    [-Filter <String>]\n    [-OrderBy <String>]\n    [<CommonParameters>]\n```',
    );
    expect(section(page, 'syntax')).toContain(
      'Get-SMCustomer\n    [-CustomerId] <Guid>\n    [<CommonParameters>]',
    );
    expect(section(page, 'examples')).toContain(
      `Get-SMCustomer -Filter "startswith(name,'Con') and status eq 'Active'" -OrderBy 'name'`,
    );
    expect(section(page, 'examples')).toContain('name              : Contoso Ltd');
    expect(section(page, 'outputs')).toContain(
      '[`Customer`](../reference/list-customers#response-200): one object per entry; Cortex follows `nextLink` for you.',
    );
    expect(section(page, 'notes')).toContain('scope `sm.read`');
    expect(section(page, 'related-links')).toContain('[List customers](../reference/list-customers)');
  });

  it('a get cmdlet: Get-SMRequest with -RequestId, also as -Id from the pipeline', () => {
    const page = cmdletPage(cmdlet('Get-SMRequest'));
    expect(section(page, 'parameters')).toContain(
      '| `-RequestId` | `Guid` | Yes | 0 | True (ByPropertyName) | None | Request id. Aliases: `Id`. Parameter sets: GetRequest. |',
    );
    expect(section(page, 'examples')).toContain(
      "Get-SMRequest -RequestId 'c4e8a2d6-1f3b-4a5c-9d7e-0b2f6a8c4e19'",
    );
  });

  it('a create cmdlet: New-SMWorkspaceItem (201, no waiting)', () => {
    const page = cmdletPage(cmdlet('New-SMWorkspaceItem'));
    expect(section(page, 'syntax')).toContain('    -Name <String>\n');
    expect(section(page, 'syntax')).toContain('    [-Published]\n');
    expect(page).not.toContain('-Wait');
    expect(section(page, 'parameters')).toContain(
      '| `-WhatIf` | `SwitchParameter` | No | Named | False | False |',
    );
    expect(section(page, 'parameters')).toContain(
      '| `-InputObject` | `PSObject` | Yes | Named | True (ByValue) | None |',
    );
    // The call sends the body the REST page sends, and the output is the API's answer to it.
    expect(section(page, 'examples')).toContain(
      "New-SMWorkspaceItem -Name 'Contoso CRM' -Description 'Customer relationship management.' `\n    -ItemType 'WebLink' -Category 'Sales' `\n    -Configuration @{ url = 'https://crm.contoso.example.com' } -Published\n",
    );
    expect(section(page, 'examples')).toContain('category      : Sales\n');
    expect(section(page, 'outputs')).toContain(
      '[`WorkspaceItem`](../reference/new-workspace-item#response-201)',
    );
  });

  it('a long-running cmdlet: Add-SMCustomerPlan', () => {
    const page = cmdletPage(cmdlet('Add-SMCustomerPlan'));
    expect(section(page, 'syntax')).toContain(
      'Add-SMCustomerPlan\n    [-CustomerId] <Guid>\n    -OfferId <String>\n    -Quantity <Int32>\n    [-BillingRuleId <Guid>]\n    [-StartDate <DateTime>]\n    [-Wait]\n    [-TimeoutSeconds <Int32>]\n    [-WhatIf]\n    [-Confirm]\n    [<CommonParameters>]',
    );
    expect(section(page, 'examples')).toContain(
      "Add-SMCustomerPlan -CustomerId '8d1c2f44-5b7e-4c3a-9e21-6f0a4b3c2d11' -OfferId 'CFQ7TTC0LF8Q:0001' `\n    -Quantity 25",
    );
    expect(section(page, 'examples')).toContain("-StartDate '2025-06-01' -Wait `\n    -TimeoutSeconds 900");
    expect(section(page, 'examples')).toContain(
      'The cmdlet polls the request it started and returns it in its final state; a request that ends `Failed` or `Cancelled` is written as an error.',
    );
    expect(section(page, 'examples')).toContain('type       : CustomerPlan.Add');
    expect(section(page, 'notes')).toContain(
      'Add-SMCustomerPlan returns the accepted request at once; with `-Wait` it returns the request once it is `Completed`, `Failed` or `Cancelled`, and `Wait-SMRequest` waits for it later.',
    );
    expect(section(page, 'notes')).toContain(
      '| 409 | `InvalidState`, `ResourceInUse`, `DuplicateName`, `IdempotencyKeyReused` |',
    );
    expect(section(page, 'outputs')).toContain('[`Request`](../reference/add-customer-plan#response-202)');
    expect(page).toContain(
      'The Cortex PowerShell cmdlet to [add a customer plan](../reference/add-customer-plan) (`POST /customers/{customerId}/plans`).',
    );
  });

  it('a delete cmdlet: Remove-SMCustomer', () => {
    const page = cmdletPage(cmdlet('Remove-SMCustomer'));
    expect(section(page, 'syntax')).toContain(
      'Remove-SMCustomer\n    [-CustomerId] <Guid>\n    [-Wait]\n    [-TimeoutSeconds <Int32>]\n    [-WhatIf]\n    [-Confirm]\n',
    );
    expect(section(page, 'examples')).toContain(
      "Remove-SMCustomer -CustomerId '2d7aeef0-4432-4086-ad17-8fcef273fb27'",
    );
    expect(section(page, 'notes')).toContain('asks for confirmation');
    // Windows PowerShell 5.1, which Cortex supports, has no -ProgressAction.
    expect(section(page, 'parameters')).toContain('`-ProgressAction` (PowerShell 7.4 and later)');
    expect(section(page, 'inputs')).toContain(
      'any object with a `CustomerId` or `Id` property binds to `-CustomerId`',
    );
  });

  it('an extra cmdlet from the data file: Connect-SMService', () => {
    const page = cmdletPage(cmdlet('Connect-SMService'));
    expect(headings(page)).toEqual(SECTIONS.map(([heading]) => heading));
    expect(section(page, 'syntax')).toContain('    -Credential <PSCredential>\n    [-Scope <String[]>]\n');
    expect(section(page, 'parameters')).toContain('Accepted values: `sm.read`, `sm.write`, `sm.billing`.');
    expect(cmdletPage(cmdlet('Wait-SMRequest'))).toContain(
      '[`Request`](../reference/get-request#response-200)',
    );
  });

  it('an extra cmdlet that wraps an operation shows that operation’s errors: Connect-SMService', () => {
    expect(section(cmdletPage(cmdlet('Connect-SMService')), 'notes')).toContain(
      '| 401 | `InvalidClient` | The client id or secret is wrong, or the client was deleted (`InvalidClient`). |',
    );
  });

  it('one object where the operation answers one, even when it has an items array (a Workspace list)', () => {
    for (const name of [
      'Get-SMWorkspaceList',
      'New-SMWorkspaceList',
      'Set-SMWorkspaceList',
      'Add-SMWorkspaceListItem',
      'Remove-SMWorkspaceListItem',
      'Get-SMWorkspaceUser',
    ]) {
      const page = cmdletPage(cmdlet(name));
      // Only the list operation's entries are objects of their own.
      expect(section(page, 'outputs').match(/one object per entry/g) ?? []).toHaveLength(
        name.startsWith('Get-') ? 1 : 0,
      );
      const single = cmdlet(name).examples.find((example) => !/^List /.test(example.title))!;
      expect(single.output?.split('\n\n')).toHaveLength(1);
    }
    expect(section(cmdletPage(cmdlet('Get-SMWorkspaceList')), 'outputs')).toContain(
      '[`WorkspaceList`](../reference/get-workspace-list#response-200): The list.',
    );
    expect(cmdlet('Remove-SMWorkspaceListItem').examples[0].output).toContain(
      'items           : {@{id=8e0b2d4f-6a7c-4e9a-9b1d-3f5a7c9e1b07; name=Finance share; itemType=DriveMapping}, @{id=5c7e9a1b-3d4f-4a6c-8e0a-2b4d6f8a0c96; name=Contoso CRM; itemType=WebLink}}',
    );
  });

  it('a list example shows only the entries its filter returns, in its order', () => {
    const requests = cmdlet('Get-SMRequest').examples[0];
    expect(requests.code).toBe(
      `Get-SMRequest -Filter "status eq 'Failed' and createdAt ge 2025-06-01T00:00:00Z"`,
    );
    expect(requests.output).toContain('status      : Failed');
    expect(requests.output).not.toContain('InProgress');
    const log = cmdlet('Get-SMRequestLog').examples[0];
    expect(log.output).not.toContain('Information');
    const rules = cmdlet('Get-SMBillingRule').examples[0].output!;
    expect(rules.indexOf('service      : HostedExchange')).toBeLessThan(
      rules.indexOf('service      : MicrosoftOnline'),
    );
  });

  it('a call sends what its output shows: New-SMBillingRun asks for the dry run it shows', () => {
    const [start] = cmdlet('New-SMBillingRun').examples;
    expect(start.code).toBe(
      "New-SMBillingRun -PeriodStart '2025-05-01' -PeriodEnd '2025-05-31' `\n    -ResellerId 'b2a7e913-0c4d-4f6e-8a15-3d9c7e2f1a60' -DryRun",
    );
    expect(start.output).toContain('dryRun      : True');
  });

  it('waits for what the operation starts: a billing run is not a request', () => {
    const page = cmdletPage(cmdlet('New-SMBillingRun'));
    expect(page).not.toContain('Wait-SMRequest');
    expect(page).not.toContain('Cancelled');
    expect(section(page, 'parameters')).toContain(
      'Waits until the billing run the call started reaches a final state (`Completed` or `Failed`) and returns it instead of the accepted one. A billing run that ends `Failed` is written as an error.',
    );
    expect(section(page, 'parameters')).toContain('follow it with `Get-SMBillingRun`.');
    expect(section(page, 'notes')).toContain(
      'New-SMBillingRun returns the accepted billing run at once; with `-Wait` it returns the billing run once it is `Completed` or `Failed`, and `Get-SMBillingRun` reads it later.',
    );
    expect(section(cmdletPage(cmdlet('Remove-SMCustomer')), 'parameters')).toContain(
      'A request that ends `Failed` or `Cancelled` is written as an error with its `error.code`.',
    );
  });

  it('names the scope -Wait needs to poll what the call started, where the call needs another one', () => {
    expect(section(cmdletPage(cmdlet('Add-SMCustomerPlan')), 'notes')).toContain(
      'Needs a connection with the scope `sm.write` (`Connect-SMService -Scope`). With `-Wait` it also needs `sm.read`: it polls the request with `GET /requests/{requestId}`.',
    );
    expect(section(cmdletPage(cmdlet('Restart-SMRequest')), 'notes')).toContain(
      'With `-Wait` it also needs `sm.read`',
    );
    // A billing run is polled with the scope that starts it; a cmdlet without -Wait needs one scope.
    expect(section(cmdletPage(cmdlet('New-SMBillingRun')), 'notes')).not.toContain('also needs');
    expect(section(cmdletPage(cmdlet('Set-SMWorkspaceItem')), 'notes')).not.toContain('also needs');
  });

  it('lists every code the specification gives for a status, and no key where the operation takes none', () => {
    expect(section(cmdletPage(cmdlet('Get-SMBillingRule')), 'notes')).toContain(
      '| 400 | `ValidationFailed`, `InvalidFilter`, `InvalidPaging` |',
    );
    const set = section(cmdletPage(cmdlet('Set-SMBillingRule')), 'notes');
    expect(set).toContain(
      "| 409 | `InvalidState`, `ResourceInUse`, `DuplicateName` | The operation conflicts with the resource's state: `InvalidState` (for example retrying a request that is not `Failed`), `ResourceInUse`, or `DuplicateName`. |",
    );
    expect(set).not.toContain('Idempotency');
  });

  it('the overview table lists every cmdlet once, under its tag', () => {
    const tables = cmdletTables(reference);
    for (const { name } of reference.cmdlets)
      expect(
        tables.match(new RegExp(`\\[\`${name}\`\\]\\(cortex/${name.toLowerCase()}\\)`, 'g')),
      ).toHaveLength(1);
    expect(tables.indexOf('### Session')).toBeLessThan(tables.indexOf('### Billing'));
  });

  it('links each cmdlet to the REST pages the reference generator names', () => {
    expect(restPageId('listRequestLogEntries')).toBe('list-request-log-entries');
  });
});
