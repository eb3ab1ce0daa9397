import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listGuides } from '../content';
import { DEFAULT_SPEC } from '@services-manager-docs/core/api';
import { callsInMarkdown, checkCalls, findCalls } from '../cortex-calls';
import { loadReference } from '../../plugins/api-reference/cortex/load';

const ROOT = path.resolve(__dirname, '../..');
const reference = await loadReference({ kind: 'file', location: DEFAULT_SPEC }, { cwd: ROOT });

/** Every problem in a file as `file:line: message`. */
function problemsIn(file: string): string[] {
  return checkCalls(fs.readFileSync(file, 'utf8'), reference, file).map(
    (problem) => `${path.relative(ROOT, file)}:${problem.line}: ${problem.message}`,
  );
}

describe('Cortex cmdlet calls in the guides', () => {
  const files = listGuides(ROOT).map((file) => path.join(ROOT, file));

  it('finds the calls it checks', () => {
    const calls = files.flatMap((file) => callsInMarkdown(fs.readFileSync(file, 'utf8'), file));
    expect(calls.length).toBeGreaterThan(100);
  });

  it('use only cmdlets and parameters of the generated reference', () => {
    expect(files.flatMap(problemsIn)).toEqual([]);
  });

  it('fail on an invented parameter or cmdlet, naming file and line', () => {
    expect(problemsIn(path.join(__dirname, 'fixtures/cortex-invented-parameter.md'))).toEqual([
      expect.stringMatching(
        /^scripts\/__tests__\/fixtures\/cortex-invented-parameter\.md:9: Get-SMRequest has no parameter -State \(it has .*-Filter/,
      ),
      'scripts/__tests__/fixtures/cortex-invented-parameter.md:13: Get-SMCustomr is not a Cortex cmdlet',
    ]);
  });
});

describe('finding calls', () => {
  it('reads parameters outside quotes and brackets only, across continued lines and pipelines', () => {
    const code = [
      "Get-SMRequest -Filter \"createdAt ge $((Get-Date).AddDays(-1).ToString('s'))Z\" -OrderBy 'createdAt desc' |",
      '    Restart-SMRequest -Wait `',
      '    -TimeoutSeconds 900 # -NotAParameter',
      "$id = (Get-SMCustomer -Filter \"shortName eq 'contoso'\").Id; Set-SMCustomer -Id $id -Status 'Suspended'",
    ].join('\n');
    expect(findCalls(code, 10)).toEqual([
      {
        cmdlet: 'Get-SMRequest',
        line: 10,
        parameters: [
          { name: 'Filter', line: 10 },
          { name: 'OrderBy', line: 10 },
        ],
      },
      {
        cmdlet: 'Restart-SMRequest',
        line: 11,
        parameters: [
          { name: 'Wait', line: 11 },
          { name: 'TimeoutSeconds', line: 12 },
        ],
      },
      { cmdlet: 'Get-SMCustomer', line: 13, parameters: [{ name: 'Filter', line: 13 }] },
      {
        cmdlet: 'Set-SMCustomer',
        line: 13,
        parameters: [
          { name: 'Id', line: 13 },
          { name: 'Status', line: 13 },
        ],
      },
    ]);
  });

  it('takes calls from PowerShell blocks and inline code, not from other languages', () => {
    const markdown = [
      '`New-SMCustomer -Name x`',
      '```bash',
      'Get-SMRequest -Bogus',
      '```',
      '```powershell',
      'Get-SMInvoice -First 1',
      '```',
    ].join('\n');
    expect(callsInMarkdown(markdown).map((call) => `${call.line} ${call.cmdlet}`)).toEqual([
      '1 New-SMCustomer',
      '6 Get-SMInvoice',
    ]);
  });

  it('accepts aliases and common parameters, and functions a page defines itself', () => {
    const markdown = [
      '```powershell',
      'function Invoke-SMApi($Uri) { Invoke-RestMethod -Uri $Uri }',
      'Invoke-SMApi -Uri x',
      "Get-SMRequestHierarchy -Id 'c4e8a2d6-1f3b-4a5c-9d7e-0b2f6a8c4e19' -ErrorAction Stop -ea 0 -Verbose",
      'Get-SMCustomer -WhatIf',
      '```',
    ].join('\n');
    expect(
      checkCalls(markdown, reference).map((problem) => `${problem.line} ${problem.message.split(' (')[0]}`),
    ).toEqual(['5 Get-SMCustomer has no parameter -WhatIf']);
  });
});
