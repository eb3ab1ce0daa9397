/**
 * A cmdlet's reference page as Markdown, with the sections of a PowerShell module's reference on
 * Microsoft Learn in the same order: synopsis, syntax, description, examples, parameters, inputs,
 * outputs, notes and related links.
 */
import { cmdletSlug, type Cmdlet, type CmdletParameter, type CortexReference } from './model';
import { COMMON_PARAMETERS } from './rules';
import { lifecycleNote } from '../lifecycleNotes';
import { operationChangeNotes } from '../../api-kit/changelog-page';

/** The page sections, in order: heading and anchor. Tests check built pages against this list. */
export const SECTIONS = [
  ['Synopsis', 'synopsis'],
  ['Syntax', 'syntax'],
  ['Description', 'description'],
  ['Examples', 'examples'],
  ['Parameters', 'parameters'],
  ['Inputs', 'inputs'],
  ['Outputs', 'outputs'],
  ['Notes', 'notes'],
  ['Related links', 'related-links'],
] as const;

const cell = (text: string) =>
  text
    .replace(/\r?\n+/g, ' ')
    .replace(/\|/g, '\\|')
    .trim() || '—';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Plain text for front matter: no Markdown marks, one line. */
export const plain = (text: string) => text.replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();

/** One parameter in a syntax block: `[-Name] <Type>`, `-Name <Type>`, `[-Switch]`, `[[-Name] <Type>]`. */
export function syntaxEntry(parameter: CmdletParameter): string {
  const name = parameter.position === undefined ? `-${parameter.name}` : `[-${parameter.name}]`;
  const entry = parameter.type === 'SwitchParameter' ? `-${parameter.name}` : `${name} <${parameter.type}>`;
  return parameter.required ? entry : `[${entry}]`;
}

export function syntaxBlock(cmdlet: Cmdlet, setIndex: number): string {
  const set = cmdlet.sets[setIndex];
  return [
    '```powershell',
    cmdlet.name,
    ...set.parameters.map((parameter) => `    ${syntaxEntry(parameter)}`),
    '    [<CommonParameters>]',
    '```',
  ].join('\n');
}

/** Each parameter once, with what differs between parameter sets said in its row. */
function parameterTable(cmdlet: Cmdlet): string {
  const names = [...new Set(cmdlet.sets.flatMap((set) => set.parameters.map((parameter) => parameter.name)))];
  const rows = names.map((name) => {
    const uses = cmdlet.sets
      .map((set) => ({ set: set.name, parameter: set.parameters.find((p) => p.name === name) }))
      .filter((use): use is { set: string; parameter: CmdletParameter } => Boolean(use.parameter));
    const parameter = uses[0].parameter;
    const requiredIn = uses.filter((use) => use.parameter.required).map((use) => use.set);
    const required =
      requiredIn.length === uses.length ? 'Yes' : requiredIn.length ? `In ${requiredIn.join(', ')}` : 'No';
    const description = [
      parameter.description,
      parameter.values
        ? `Accepted values: ${parameter.values.map((value) => `\`${value}\``).join(', ')}.`
        : '',
      parameter.aliases.length
        ? `Aliases: ${parameter.aliases.map((alias) => `\`${alias}\``).join(', ')}.`
        : '',
      uses.length < cmdlet.sets.length ? `Parameter sets: ${uses.map((use) => use.set).join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return [
      `\`-${name}\``,
      `\`${parameter.type}\``,
      required,
      parameter.position === undefined ? 'Named' : String(parameter.position),
      parameter.pipeline ? `True (${parameter.pipeline})` : 'False',
      parameter.default ? cell(parameter.default) : 'None',
      cell(description),
    ];
  });
  return [
    '| Parameter | Type | Required | Position | Accepts pipeline input | Default | Description |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** The page's front matter and Markdown. */
export function cmdletPage(cmdlet: Cmdlet): string {
  // The intro names what the cmdlet does in words, so a search for them finds this page.
  const does = cmdlet.operations.length
    ? cmdlet.operations
        .map(
          (operation) =>
            `[${lowerFirst(operation.summary)}](../reference/${operation.page}) (\`${operation.method} ${operation.path}\`)`,
        )
        .join(' or ')
    : lowerFirst(cmdlet.summary);
  const words = cmdlet.name
    .replace(/-SM/, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  const frontMatter = [
    '---',
    `id: ${cmdletSlug(cmdlet.name)}`,
    `title: ${cmdlet.name}`,
    `sidebar_label: ${cmdlet.name}`,
    `description: ${JSON.stringify(`${plain(cmdlet.synopsis)} Cortex PowerShell cmdlet reference.`)}`,
    `keywords: ${JSON.stringify([cmdlet.name, words, 'Cortex', 'PowerShell'])}`,
    'tags: [developer, cortex, powershell]',
    'custom_edit_url: null',
    '---',
  ];
  // Where a release changed what its operations take, and so its parameters (the API changelog).
  const changes = cmdlet.operations.flatMap((operation) => operationChangeNotes(operation.operationId));
  const sections: Record<(typeof SECTIONS)[number][1], string[]> = {
    synopsis: [cmdlet.synopsis],
    syntax: cmdlet.sets.flatMap((set, i) => [
      ...(cmdlet.sets.length > 1 ? [`**${set.name}**`] : []),
      syntaxBlock(cmdlet, i),
    ]),
    description: [
      cmdlet.description || cmdlet.synopsis,
      ...cmdlet.operations.flatMap((operation) => lifecycleNote(operation.operationId) ?? []),
    ],
    examples: cmdlet.examples.flatMap((example, i) => [
      `### Example ${i + 1}: ${example.title} {#example-${i + 1}}`,
      ['```powershell', example.code, '```'].join('\n'),
      ...(example.output ? ['Output:', ['```text', example.output, '```'].join('\n')] : []),
      ...(example.remarks ? [example.remarks] : []),
    ]),
    parameters: [
      parameterTable(cmdlet),
      `This cmdlet also supports the common parameters ${COMMON_PARAMETERS.filter(
        (name) => name !== 'WhatIf' && name !== 'Confirm',
      )
        .map((name) =>
          name === 'ProgressAction' ? `\`-${name}\` (PowerShell 7.4 and later)` : `\`-${name}\``,
        )
        .join(
          ', ',
        )}. See [about_CommonParameters](https://learn.microsoft.com/powershell/module/microsoft.powershell.core/about/about_commonparameters).`,
    ],
    inputs: [cmdlet.inputs.map((line) => `- ${line}`).join('\n')],
    outputs: [cmdlet.outputs.map((line) => `- ${line}`).join('\n')],
    notes: cmdlet.notes.length || changes.length ? [...cmdlet.notes, ...changes] : ['None.'],
    'related-links': [
      [
        ...cmdlet.operations.map(
          (operation) =>
            `- REST API: [${operation.summary}](../reference/${operation.page}) (\`${operation.method} ${operation.path}\`, \`${operation.operationId}\`)`,
        ),
        '- [Automate with Cortex](../cortex): install, connect, naming rules and every cmdlet',
      ].join('\n'),
    ],
  };
  const body = [
    `**Module:** \`ServicesManager.Cortex\` · The Cortex PowerShell cmdlet to ${does}.`,
    ...SECTIONS.flatMap(([heading, id]) => [`## ${heading} {#${id}}`, ...sections[id]]),
  ];
  return `${frontMatter.join('\n')}\n\n${body.join('\n\n')}\n`;
}

/** The overview's table of every cmdlet, one table per tag, as Markdown. */
export function cmdletTables(reference: CortexReference, linkBase = 'cortex/'): string {
  return reference.tags
    .flatMap((tag) => {
      const cmdlets = reference.cmdlets.filter((cmdlet) => cmdlet.tag === tag.name);
      return [
        `### ${tag.name}`,
        [
          '| Cmdlet | Synopsis | REST operations |',
          '| --- | --- | --- |',
          ...cmdlets.map(
            (cmdlet) =>
              `| [\`${cmdlet.name}\`](${linkBase}${cmdletSlug(cmdlet.name)}) | ${cell(cmdlet.synopsis)} | ${
                cmdlet.operations
                  .map((operation) => `\`${operation.method} ${operation.path}\``)
                  .join(', ') || '—'
              } |`,
          ),
        ].join('\n'),
      ];
    })
    .join('\n\n');
}
