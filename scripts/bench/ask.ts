/**
 * `npm run bench:ask`: asks the Ask AI evaluation's questions of the offline engine over the production
 * build (`--build-dir DIR`, default `build/`) and prints the share of facts stated, the share of answers
 * citing the right page, and every answer that missed.
 */
import path from 'node:path';
import { evaluateAsk, reportAsk } from '../ask-eval';

async function main(): Promise<void> {
  const at = process.argv.indexOf('--build-dir');
  const buildDir = path.resolve(at > 0 ? process.argv[at + 1] : path.join(__dirname, '..', '..', 'build'));
  console.log(reportAsk(await evaluateAsk(buildDir)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
