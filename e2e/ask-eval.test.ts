import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BUILD_DIR } from './harness';
import {
  assembleIndex,
  CHUNK_SIZE,
  rankSections,
  type SectionMeta,
  type SerializedIndex,
  type TermEntry,
} from '../src/search/engine';
import { answerFromSources, searchQueryFor } from '../src/ask/extractive';
import { selectSources } from '../src/ask/retrieve';

/** Questions a reader would ask, each with the page the answer must cite. */
const QUESTIONS: [question: string, page: string][] = [
  ['Which port does RabbitMQ listen on for AMQPS?', '/docs/installation/rabbitmq-ssl'],
  ['When does the nightly sync job run?', '/docs/concepts/platformfeatures/jobs'],
  ['How do I exclude test users from billing?', '/docs/concepts/platformfeatures/billing/exclude-test-users'],
  ['What columns does the bulk import CSV need?', '/docs/getting-started/user-management/bulk-import'],
  [
    'How do I regenerate the Partner Center token?',
    '/docs/services/microsoftonline/kb/regenerate-partner-center-token',
  ],
  ['What is a user template?', '/docs/getting-started/user-management/user-templates'],
  ['How are mid-month plan changes pro-rated?', '/docs/concepts/platformfeatures/billing/rules'],
  ['How do I connect ConnectWise Manage?', '/docs/concepts/platformfeatures/billing/connectwise'],
  ['What does the request log show?', '/docs/concepts/provisioning'],
  ['How do I move certificates between servers?', '/docs/installation/transfer-certification'],
  ['How do I roll back an update?', '/docs/installation/updates'],
  ['How do I set up a local NuGet feed?', '/docs/installation/localnuget'],
  ['What is a Workspace list?', '/docs/services/workspace/ws-lists'],
  ['Which variables can Workspace items use?', '/docs/services/workspace/kb/variables'],
  ['How do I reset a user MFA registration?', '/docs/services/mfa/setup'],
  ['How do I create a shared mailbox?', '/docs/services/microsoftonline/shared-mailboxes'],
  ['What is the rate limit of the REST API?', '/docs/developer/api/api-intro'],
  ['How do I install the Cortex module?', '/docs/developer/api/cortex'],
  ['What server sizes are recommended?', '/docs/installation/prerequisites'],
  ['How do I fix messages stuck in a dead letter queue?', '/docs/troubleshooting/stuck-messages-rabbitmq'],
];

function loadBuilt() {
  const root = path.join(BUILD_DIR, 'search');
  const dir = path.join(root, fs.readdirSync(root)[0]);
  const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as T;
  const sections = read<SectionMeta[]>('sections.json');
  const index = assembleIndex(
    read<SerializedIndex>('base.json'),
    read<string[]>('shards.json').map((shard) => read<TermEntry[]>(`shards/${shard}.json`)),
  );
  const texts = Array.from({ length: Math.ceil(sections.length / CHUNK_SIZE) }, (_, i) =>
    read<string[]>(`texts/${i}.json`),
  ).flat();
  return { index, sections, texts };
}

const { index, sections, texts } = loadBuilt();
const pageOf = (url: string) => url.split('#')[0].replace(/(.)\/$/, '$1');

describe('Ask AI, default engine', () => {
  it(`cites the right page for most of ${QUESTIONS.length} questions`, () => {
    const misses: string[] = [];
    for (const [question, expected] of QUESTIONS) {
      const hits = rankSections(index, sections, searchQueryFor(question)).map((hit) => ({
        ...sections[hit.id],
        text: texts[hit.id],
      }));
      const answer = answerFromSources(question, selectSources(hits));
      const cited = [...answer.markdown.matchAll(/\[(\d+)\]/g)].map((match) =>
        pageOf(answer.sources[Number(match[1]) - 1].url),
      );
      if (!cited.includes(expected))
        misses.push(`${question} → wanted ${expected}, cited ${[...new Set(cited)].join(', ') || 'nothing'}`);
    }
    const share = (QUESTIONS.length - misses.length) / QUESTIONS.length;
    console.log(
      `ask ai (extractive): ${QUESTIONS.length - misses.length}/${QUESTIONS.length} (${(share * 100).toFixed(0)}%) cite the right page`,
    );
    for (const miss of misses) console.log(`  miss: ${miss}`);
    assert.ok(share >= 0.7, misses.join('\n'));
  });
});
