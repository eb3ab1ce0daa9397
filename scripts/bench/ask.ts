/**
 * `npm run bench:ask`: asks the offline Ask AI engine over the production build (`--build-dir DIR`,
 * default `build/`) the 88 development questions (`e2e/data/ask-questions.json`) and the questions of
 * the held-out file (`e2e/data/heldout-questions.json`, every kind but keyword), and prints their figures
 * side by side: facts stated, a fact in the first sentence, the answering section cited, and the share of
 * answers that pass every reader and composition check. Then every answer that missed something, of the
 * development questions and of the held-out file's `dev` set only: the `held-out` set is reported as
 * figures alone, never as questions.
 */
import path from 'node:path';
import { evaluateAsk, formatAskColumns, heldoutAskCases, readQuestions, reportAsk } from '../ask-eval';

async function main(): Promise<void> {
  const at = process.argv.indexOf('--build-dir');
  const buildDir = path.resolve(at > 0 ? process.argv[at + 1] : path.join(__dirname, '..', '..', 'build'));
  const development = await evaluateAsk(buildDir, readQuestions());
  const dev = await evaluateAsk(buildDir, heldoutAskCases('dev'));
  const heldOut = await evaluateAsk(buildDir, heldoutAskCases('held-out'));
  console.log(
    formatAskColumns([
      { label: '88 questions', evaluation: development },
      { label: 'dev', evaluation: dev },
      { label: 'held-out', evaluation: heldOut },
    ]),
  );
  console.log(`\nThe 88 development questions (e2e/data/ask-questions.json):\n${reportAsk(development)}`);
  console.log(`\nThe held-out file's dev set (e2e/data/heldout-questions.json):\n${reportAsk(dev)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
