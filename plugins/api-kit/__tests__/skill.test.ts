/**
 * SKILL.md is checked like every page: every `METHOD /path` is an operation, every cmdlet exists,
 * every state is the product model's, every link leads to a page that exists, and every operation is
 * one of its tasks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiModel, DEFAULT_SPEC, type ApiModel } from '@services-manager-docs/core/api';
import { mentionable, parseMention, resolveMention } from '../../api-mentions/operations';
import { parseCmdletMention } from '../../api-mentions/cmdlets';
import { cmdletSlug } from '../../api-reference/cortex/model';
import { operationPageId } from '../../api-reference/pageId';
import { loadModel, MODEL_FILE } from '../../product-model/model';
import { factProblems, permissionProblems } from '../../product-model/check';
import { DOWNLOAD_LIST } from '../downloads';
import { CHANGELOG_PAGE_ID } from '../changelog-page';
import { lifecycleBlocks, lifecyclePages, skillMarkdown, API_ROUTE } from '../skill';

const ROOT = path.resolve(__dirname, '../../..');
const SITE = 'https://docs.example.com/';
const model = await apiModel({ kind: 'file', location: path.join(ROOT, DEFAULT_SPEC) });
const productModel = loadModel(fs.readFileSync(path.join(ROOT, MODEL_FILE), 'utf8'), model);

/** The guides' Markdown files under a folder, with the URL path the site gives them (ids are file names). */
function docsOf(folder: string, route: string): [string, string][] {
  return fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.mdx?$/.test(file) && !file.startsWith('reference/') && !file.startsWith('cortex/'))
    .map((file) => [path.join(ROOT, folder, file), `/${route}/${file.replace(/\.mdx?$/, '')}`]);
}
const DOCS = [...docsOf('docs', 'docs'), ...docsOf('api-docs', API_ROUTE)];

/** What the site serves, after the site URL: guide pages (with their anchors), generated pages, downloads. */
function targets(api: ApiModel): Map<string, Set<string>> {
  const anchors = (file: string) =>
    new Set(
      [...fs.readFileSync(file, 'utf8').matchAll(/^#{1,6} .*\{#([\w-]+)\}\s*$/gm)].map((match) => match[1]),
    );
  const map = new Map<string, Set<string>>(DOCS.map(([file, url]) => [url.slice(1), anchors(file)]));
  for (const operation of api.operations)
    map.set(`${API_ROUTE}/reference/${operationPageId(operation.operationId)}`, new Set());
  for (const cmdlet of api.cmdlets) map.set(`${API_ROUTE}/cortex/${cmdletSlug(cmdlet.name)}`, new Set());
  map.set(`${API_ROUTE}/reference/${CHANGELOG_PAGE_ID}`, new Set());
  for (const download of DOWNLOAD_LIST) map.set(download.file, new Set());
  map.set('llms.txt', new Set());
  return map;
}

/** The problems of a SKILL.md text, each naming the line: as the build and the content checks find them. */
function skillProblems(text: string, api: ApiModel): string[] {
  const operations = mentionable(api.operations);
  const cmdlets = api.cmdlets.map((cmdlet) => cmdlet.name);
  const pages = targets(api);
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [, code] of line.matchAll(/`([^`]+)`/g)) {
      const mention = parseMention(code);
      if (mention && resolveMention(mention, operations, api.basePath, api.host).kind !== 'operation')
        problems.push(`SKILL.md:${i + 1}: \`${code}\` is not an operation`);
      const cmdlet = parseCmdletMention(code);
      if (cmdlet && !cmdlets.includes(cmdlet))
        problems.push(`SKILL.md:${i + 1}: \`${cmdlet}\` is not a cmdlet`);
    }
    for (const [, url] of line.matchAll(/\]\((https?:[^)\s]+)\)/g)) {
      if (!url.startsWith(SITE)) continue;
      const [where, anchor] = url.slice(SITE.length).split('#');
      const anchors = pages.get(where);
      if (!anchors || (anchor && !anchors.has(anchor)))
        problems.push(`SKILL.md:${i + 1}: ${url} is not a page${anchors ? ' anchor' : ''} of the site`);
    }
  });
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, (front) => '\n'.repeat(front.split('\n').length - 1));
  return [
    ...problems,
    ...factProblems('SKILL.md', body, productModel, api.enumValues, new Set(Object.keys(api.schemas))),
    ...permissionProblems('SKILL.md', body, productModel),
  ];
}

const pages = lifecyclePages(
  DOCS.map(([file, url]) => [file, url]),
  '/',
);
const skill = skillMarkdown(model, { site: SITE, lifecyclePages: pages });

describe('SKILL.md', () => {
  it('is a skill agent tools read: a name and a description in front matter, then Markdown', () => {
    expect(skill).toMatch(/^---\nname: services-manager\ndescription: "[^"\n]{80,1024}"\n---\n\n# /);
  });

  it('names only operations, cmdlets, states and pages that exist', () => {
    expect(skillProblems(skill, model)).toEqual([]);
  });

  it('gives every operation as a task with its cmdlet, every lifecycle and the rules of every call', () => {
    for (const operation of model.operations) {
      const line = skill.split('\n').find((text) => text.includes(`\`${operation.operationId}\` ·`)) ?? '';
      expect(line, operation.operationId).toContain(
        `\`${operation.method.toUpperCase()} ${operation.path}\``,
      );
      const cmdlet = operation['x-cortex']?.cmdlet;
      if (typeof cmdlet === 'string') expect(line).toContain(`Cortex \`${cmdlet}\``);
    }
    for (const schema of ['Customer', 'User', 'Request', 'BillingRun', 'Invoice', 'CustomerItem'])
      expect(skill).toMatch(
        new RegExp(`^- \\*\\*${schema}\\*\\* \\(its \`status\`\\): .*\\(\\[states and transitions\\]`, 'm'),
      );
    for (const rule of ['Authentication', 'Rules for every call', 'Lifecycles to respect', 'Tasks'])
      expect(skill).toContain(`\n## ${rule}\n`);
    for (const fact of [
      '**Idempotency.**',
      '**Rate limits.**',
      '**Errors.**',
      '`Idempotency-Key`',
      '`Retry-After`',
    ])
      expect(skill).toContain(fact);
    expect(skill).toContain('until its `status` is `Completed`, `Failed` or `Cancelled`');
  });

  it('finds where each lifecycle is shown from the ::lifecycle blocks and the heading above them', () => {
    expect(lifecycleBlocks('## Lifecycle {#lifecycle}\n\nText.\n\n::lifecycle{schema="Customer"}\n')).toEqual(
      [{ schema: 'Customer', anchor: 'lifecycle' }],
    );
    expect(pages.get('Customer')).toBe('docs/concepts/customers#lifecycle');
  });

  it('fails on an unknown operation, cmdlet, state or page (fixture)', () => {
    const broken = [
      skill,
      '- `GET /customers/{customerId}/tenants` lists tenants; `Get-SMTenant` does the same.',
      '- A tenant moves to `Archived` when its status changes.',
      `- See [tenants](${SITE}docs/concepts/tenants) and [states](${SITE}docs/concepts/customers#states).`,
    ].join('\n');
    const lines = skill.split('\n').length;
    expect(skillProblems(broken, model)).toEqual([
      `SKILL.md:${lines + 1}: \`GET /customers/{customerId}/tenants\` is not an operation`,
      `SKILL.md:${lines + 1}: \`Get-SMTenant\` is not a cmdlet`,
      `SKILL.md:${lines + 3}: ${SITE}docs/concepts/tenants is not a page of the site`,
      `SKILL.md:${lines + 3}: ${SITE}docs/concepts/customers#states is not a page anchor of the site`,
      `SKILL.md:${lines + 2}: state \`Archived\` is not a state of the product model or the specification`,
    ]);
  });
});
