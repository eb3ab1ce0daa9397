import { describe, expect, it } from 'vitest';
import { firstSentence, readerChecks } from '../ask-eval';
import { numberSources, type Answer, type Source } from '@services-manager-docs/core/ask/extractive';

/** The evaluation's checks on what a reader sees, each shown to fail on an answer that has the fault. */
const SECTION: Source = {
  url: '/docs/kb/kb00003#resolution',
  title: 'KB00003',
  hierarchy: ['KB', 'KB00003', 'Resolution'],
  text: '',
  units: [
    {
      type: 'list',
      ordered: true,
      start: 1,
      items: [
        {
          checked: null,
          units: [
            { type: 'paragraph', text: 'Set the service to a delayed start:' },
            {
              type: 'code',
              language: 'powershell',
              code: 'Set-Service -Name Prov `\n  -StartupType AutomaticDelayedStart',
            },
          ],
        },
        { checked: null, units: [{ type: 'paragraph', text: 'Restart the server.' }] },
        { checked: null, units: [{ type: 'paragraph', text: 'Check that the service is Running.' }] },
      ],
    },
  ],
};
const answer = (markdown: string, sources: Source[] = [SECTION]): Answer => ({
  markdown,
  sources: numberSources(sources),
  answered: true,
  from: [SECTION.url],
});
const WHOLE = [
  '1. Set the service to a delayed start:',
  '   ```powershell',
  '   Set-Service -Name Prov `',
  '     -StartupType AutomaticDelayedStart',
  '   ```',
  '2. Restart the server.',
  '3. Check that the service is Running. [1]',
].join('\n');

describe('readerChecks', () => {
  it('passes a whole procedure with its code, cited, from one page', () => {
    expect(readerChecks(answer(WHOLE), [SECTION])).toEqual({
      brokenUnit: undefined,
      flattenedRow: undefined,
      audienceLine: undefined,
      duplicatePage: undefined,
    });
  });

  it('finds a dropped step, a procedure that starts at step 2, and a code block missing a line', () => {
    const dropped = WHOLE.split('\n').filter((line) => !line.startsWith('2.'));
    expect(readerChecks(answer(dropped.join('\n')), [SECTION]).brokenUnit).toMatch(/steps not quoted whole/);
    expect(
      readerChecks(answer('2. Restart the server.\n3. Check that the service is Running.'), [SECTION])
        .brokenUnit,
    ).toMatch(/steps not quoted whole: 2\./);
    const cut = WHOLE.replace('     -StartupType AutomaticDelayedStart\n', '');
    expect(readerChecks(answer(cut), [SECTION]).brokenUnit).toMatch(/code not quoted whole/);
  });

  it('finds a flattened table row, an audience line and a page listed twice', () => {
    expect(
      readerChecks(answer('- Job: NightlySync; Schedule: Daily at 01:00 [1]'), [SECTION]).flattenedRow,
    ).toBeDefined();
    expect(
      readerChecks(answer('This article is for service provider administrators who run setup. [1]'), [
        SECTION,
      ]).audienceLine,
    ).toBeDefined();
    expect(
      readerChecks(answer(WHOLE, [SECTION, { ...SECTION, url: '/docs/kb/kb00003#cause' }]), [SECTION])
        .duplicatePage,
    ).toBe('/docs/kb/kb00003');
  });
});

describe('firstSentence', () => {
  it('is the first sentence of a paragraph, the first item of a list, or a table header and first row', () => {
    expect(firstSentence('Tokens last 60 minutes (expires_in). Renew them. [1]')).toBe(
      'Tokens last 60 minutes (expires_in).',
    );
    expect(firstSentence('- SQL Server 2019 or later. [1]\n- Collation')).toBe('SQL Server 2019 or later.');
    expect(firstSentence('| Job | Schedule |\n| --- | --- |\n| NightlySync | 01:00 [1] |')).toBe(
      'Job | Schedule\nNightlySync | 01:00',
    );
  });
});
