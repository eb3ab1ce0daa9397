import { describe, expect, it } from 'vitest';
import {
  compositionChecks,
  firstSentence,
  leadingPronoun,
  leftoverConnective,
  readerChecks,
  unshownReference,
} from '../ask-eval';
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

describe('leftoverConnective', () => {
  it('finds a paragraph, a bullet or a first step that starts with a connective cut from its context', () => {
    expect(
      leftoverConnective(
        'At the end, the broker listens for AMQPS on port 5671 and the components connect only over TLS. [1]',
      ),
    ).toBe('At the end, the broker listens for AMQPS on port 5671 and the components connect only over TLS.');
    expect(leftoverConnective('Tokens last 60 minutes.\n\nAlso, renew them before they expire. [1]')).toBe(
      'Also, renew them before they expire.',
    );
    expect(leftoverConnective('- Then restart the Provisioning service. [1]')).toBe(
      'Then restart the Provisioning service.',
    );
    expect(leftoverConnective('1. Then select Save.\n2. Close the dialog. [1]')).toBe('Then select Save.');
    expect(leftoverConnective('However, the limit is 100 requests per minute. [1]')).toBeDefined();
  });

  it('passes a connective that follows its context: a later step, a later sentence, under a step', () => {
    expect(leftoverConnective('The limit is 100 requests per minute. Then the API answers 429. [1]')).toBe(
      undefined,
    );
    expect(leftoverConnective('1. Open Settings.\n2. Then select Save. [1]')).toBe(undefined);
    expect(
      leftoverConnective(
        '1. Add the binding:\n\n   ```powershell\n   New-WebBinding\n   ```\n\n   Then bind the certificate.\n2. Save. [1]',
      ),
    ).toBe(undefined);
    // A sentence that only starts like a connective.
    expect(leftoverConnective('At the end of the wizard, select Finish. [1]')).toBe(undefined);
    expect(leftoverConnective('Next billing runs start on the 1st. [1]')).toBe(undefined);
    expect(leftoverConnective('Instead of a password, the API uses a client secret. [1]')).toBe(undefined);
  });
});

describe('leadingPronoun', () => {
  it('finds an answer whose first word is a pronoun whose noun was cut', () => {
    expect(leadingPronoun('It is shown once; store it in a vault. [1]')).toBe(
      'It is shown once; store it in a vault.',
    );
    expect(leadingPronoun('This page installs RabbitMQ without TLS on port 5672. [1]')).toBeDefined();
    expect(leadingPronoun('- They are read-only in the portal. [1]')).toBeDefined();
    expect(leadingPronoun('Their names are read-only in the portal. [1]')).toBeDefined();
  });

  it('passes an answer that names its subject, and one that opens with a table or code', () => {
    expect(leadingPronoun('The client secret is shown once. It cannot be read again. [1]')).toBe(undefined);
    expect(leadingPronoun('There is no limit on the number of resellers. [1]')).toBe(undefined);
    expect(leadingPronoun('Items are read-only. [1]')).toBe(undefined);
    expect(leadingPronoun('| Job | Schedule |\n| --- | --- |\n| It | 01:00 [1] |')).toBe(undefined);
  });
});

describe('unshownReference', () => {
  it('finds a step number the answer does not show', () => {
    expect(unshownReference('Repeat the check from step 2 after the restart. [1]')).toBe(
      'Repeat the check from step 2 after the restart.',
    );
    expect(unshownReference('1. Open Settings.\n2. Select Save.\n3. Repeat step 4. [1]')).toBeDefined();
  });

  it('finds a table, list, field or code said to follow or precede when none does', () => {
    expect(unshownReference('Select the scopes the integration needs (see the table below). [1]')).toBe(
      'Select the scopes the integration needs (see the table below).',
    );
    expect(unshownReference('Fill in the fields below and select Save. [1]')).toBeDefined();
    expect(unshownReference('The following table lists the ports. [1]')).toBeDefined();
    expect(unshownReference('Run the command above again. [1]')).toBeDefined();
    expect(unshownReference('Compare the settings with the screenshot below. [1]')).toBeDefined();
    expect(unshownReference('Do the following: [1]')).toBeDefined();
    expect(unshownReference('As described above, the token lasts an hour. [1]')).toBeDefined();
    expect(unshownReference('The next section explains the scopes. [1]')).toBeDefined();
  });

  it("reads a table's cells: a step or a table they point to must be shown", () => {
    const row = (fix: string) => `| Message | Fix |\n| --- | --- |\n| 403 Forbidden | ${fix} [1] |`;
    expect(unshownReference(row('Add the permissions in the table above'))).toBe(
      'Add the permissions in the table above',
    );
    expect(unshownReference(row('Publish offers in step 2'))).toBe('Publish offers in step 2');
    expect(unshownReference(row('Add the Security role permissions'))).toBe(undefined);
    expect(
      unshownReference(
        `| Permission |\n| --- |\n| Finance › Agreements |\n\n${row('Add the permissions in the table above')}`,
      ),
    ).toBe(undefined);
  });

  it('passes a reference to what the answer shows, and words that only look like one', () => {
    expect(unshownReference('1. Open Settings.\n2. Select Save.\n3. If step 2 failed, retry. [1]')).toBe(
      undefined,
    );
    expect(
      unshownReference(
        'The following table lists the ports:\n\n| Port | Use |\n| --- | --- |\n| 5671 | AMQPS [1] |',
      ),
    ).toBe(undefined);
    expect(unshownReference('Enter the fields below:\n\n- Name\n- Scopes [1]')).toBe(undefined);
    expect(
      unshownReference('Run this command:\n\n```powershell\nGet-SMUser\n```\n\nRun the command above again.'),
    ).toBe(undefined);
    expect(unshownReference('Select the scopes (see [the table below](/docs/x#scopes)). [1]')).toBe(
      undefined,
    );
    expect(unshownReference('Ports below 1024 need administrator rights. [1]')).toBe(undefined);
    expect(unshownReference('On step 2 of the wizard, select the database. [1]')).toBe(undefined);
    expect(unshownReference('The job runs at 01:00 the following day. [1]')).toBe(undefined);
  });
});

describe('compositionChecks', () => {
  it('passes a composed answer and names each fault of one that is not', () => {
    expect(compositionChecks('The broker listens for AMQPS on port 5671. [1]')).toEqual({
      leftoverConnective: undefined,
      leadingPronoun: undefined,
      unshownReference: undefined,
    });
    const faults = compositionChecks('It listens on port 5671.\n\nThen, see step 3. [1]');
    expect(faults.leadingPronoun).toBe('It listens on port 5671.');
    expect(faults.leftoverConnective).toBe('Then, see step 3.');
    expect(faults.unshownReference).toBe('Then, see step 3.');
  });
});
