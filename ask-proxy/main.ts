/**
 * `npm start --workspace ask-proxy` (or `npm run ask-proxy` at the repository's root): the Ask AI
 * proxy, configured from `ASK_*` environment variables.
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { findIndexDir } from '@services-manager-docs/core/search/fromBuild';
import { optionsFromEnv } from './config';
import { createAskProxy } from './server';

let options: ReturnType<typeof optionsFromEnv>;
try {
  options = optionsFromEnv();
  // npm runs a workspace's script in the workspace's folder: a relative ASK_BUILD_DIR is read from
  // where npm was started.
  options.buildDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), options.buildDir!);
  findIndexDir(options.buildDir);
} catch (error) {
  console.error(`Ask AI proxy: ${(error as Error).message}`);
  process.exit(1);
}
if (!options.secret)
  console.warn(
    'Ask AI proxy: ASK_SECRET is not set, so follow-up questions fail after a restart and across instances. Set it to a random string of 32 characters or more.',
  );
const server = createAskProxy(options);
server.listen(options.port, options.host, () => {
  const { port } = server.address() as AddressInfo;
  const store = options.redisUrl ? ', counting its limits in Redis' : '';
  console.log(`Ask AI proxy for ${options.model} listening at http://${options.host}:${port}/ask${store}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
