/**
 * The reference and the Cortex cmdlet pages of an OpenAPI 3 specification: the generators take OpenAPI 3
 * as well as the site's Swagger 2.0, because both reach them through the API model.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiModel } from '@services-manager-docs/core/api';
import { CORTEX_DIR, SIDEBAR_FILE, TABLES_FILE, writeCortexPages } from '../cortex/load';
import { cmdletPage } from '../cortex/page';
import { buildReference } from '../cortex/reference';
import { GENERATED_DIR, referencePages, writeReference } from '../generate';

const ROOT = path.resolve(__dirname, '../../..');
const model = await apiModel(
  { kind: 'file', location: 'core/api/__fixtures__/openapi3.yaml' },
  { cwd: ROOT, cmdletsFile: 'core/api/__fixtures__/cmdlets.yaml' },
);
const pages = referencePages(model);
const page = (id: string) => pages.find((candidate) => candidate.id === id)!.markdown;
const reference = buildReference(model);
const cmdlet = (name: string) => cmdletPage(reference.cmdlets.find((candidate) => candidate.name === name)!);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi3-pages-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('reference pages of an OpenAPI 3 specification', () => {
  it('has the info page, one page per operation and one per tag', () => {
    expect(pages.map((generated) => `${generated.type} ${generated.id}`)).toEqual([
      'info widget-api',
      'api list-widgets',
      'api create-widget',
      'api get-widget',
      'api delete-widget',
      'api set-widget-picture',
      'tag widgets',
    ]);
    expect(page('widget-api')).toContain('**Version 3.1**');
    expect(page('widget-api')).toContain('Token URL: `https://widgets.example.com/oauth/token`.');
  });

  it('shows method, path, parameters, the request body and its named example, responses and errors', () => {
    const create = page('create-widget');
    expect(create).toContain(
      '<span className="api-badge api-badge--post">POST</span> <code>{"/widgets"}</code>',
    );
    expect(create).toContain('**Cortex:** [`New-SMWidget`](../cortex/new-smwidget)');
    expect(create).toContain('| `color` | string | No | One of: `Red`, `Blue`. |');
    expect(create).toContain('```json\n{\n  "name": "Sprocket",\n  "color": "Red"\n}\n```');
    expect(create).toContain('### 202 Accepted \\{#response-202\\}');
    expect(create).toContain('| `parts[].label` | string | No | — |');
    expect(create).toContain(
      '| 400 Bad Request | `ValidationFailed` | The body is not valid (`ValidationFailed`). |',
    );
    expect(create).toContain("curl -X POST 'https://widgets.example.com/api/v3/widgets'");
    const get = page('get-widget');
    expect(get).toContain('### Path parameters');
    expect(get).toContain('Example: `3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51`.');
    expect(get).toContain(
      "'https://widgets.example.com/api/v3/widgets/3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4c51'",
    );
    expect(page('list-widgets')).toContain('| `$top` | integer | No | Maximum: 500. |');
    expect(page('set-widget-picture')).toContain("-F 'file=@contoso-crm.svg'");
  });
});

describe('Cortex cmdlet pages of an OpenAPI 3 specification', () => {
  it('has a cmdlet per x-cortex name and one per cmdlets file entry', () => {
    expect(reference.cmdlets.map((entry) => entry.name)).toEqual([
      'Get-SMWidget',
      'New-SMWidget',
      'Remove-SMWidget',
      'Set-SMWidgetPicture',
      'Wait-SMWidget',
    ]);
    expect(reference.tags).toEqual([{ name: 'Widgets', description: 'Widgets, made of parts.' }]);
  });

  it('derives parameter sets, examples, outputs and notes from the operations', () => {
    const get = cmdlet('Get-SMWidget');
    expect(get).toContain('**ListWidgets**');
    expect(get).toContain('[-Filter <String>]');
    expect(get).toContain('[-WidgetId] <Guid>');
    expect(get).toContain(`Get-SMWidget -Filter "status eq 'Active'"`);
    expect(get).toContain('[`Widget`](../reference/list-widgets#response-200): one object per entry');
    const create = cmdlet('New-SMWidget');
    expect(create).toContain('    -Name <String>\n    [-Color <String>]');
    expect(create).toContain("New-SMWidget -Name 'Sprocket' -Color 'Red' -Wait -TimeoutSeconds 900");
    expect(create).toContain('| 400 | `ValidationFailed` | The body is not valid (`ValidationFailed`). |');
    expect(create).toContain('Needs a connection with the scope `w.write`');
    expect(cmdlet('Set-SMWidgetPicture')).toContain(
      '| `-File` | `String` | Yes | Named | False | None | Path of the file to upload. The image. |',
    );
    expect(cmdlet('Remove-SMWidget')).toContain('asks for confirmation before it removes anything');
  });

  it('builds a cmdlet of the cmdlets file against the OpenAPI 3 schemas', () => {
    const wait = cmdlet('Wait-SMWidget');
    expect(wait).toContain('[-WidgetId] <Guid>');
    expect(wait).toContain(
      '[`Widget`](../reference/get-widget#response-200): The widget in its final state.',
    );
  });

  it('writes the cmdlet pages next to the reference pages they link to', () => {
    writeReference(model, dir);
    const referenceDir = path.join(dir, GENERATED_DIR);
    expect(writeCortexPages(reference, dir, referenceDir)).toBe(5);
    expect(fs.readdirSync(path.join(dir, CORTEX_DIR)).sort()).toEqual([
      '_cmdlets.md',
      'get-smwidget.md',
      'new-smwidget.md',
      'remove-smwidget.md',
      'set-smwidgetpicture.md',
      'sidebar.json',
      'wait-smwidget.md',
    ]);
    expect(fs.readFileSync(path.join(dir, TABLES_FILE), 'utf8')).toContain(
      '[`Wait-SMWidget`](cortex/wait-smwidget)',
    );
    expect(JSON.parse(fs.readFileSync(path.join(dir, SIDEBAR_FILE), 'utf8'))[0].label).toBe('Widgets');
    fs.rmSync(path.join(referenceDir, 'get-widget.api.mdx'));
    expect(() => writeCortexPages(reference, dir, referenceDir)).toThrow(
      /Get-SMWidget links to .*get-widget\.api\.mdx for getWidget/,
    );
  });
});
