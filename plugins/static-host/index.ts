/**
 * The last step of `npm run build` (its `postbuild` script): makes the finished build ready for a static
 * host, writing `_headers`, `_nginx.conf` and the precompressed copies of every file (./host.ts).
 *
 * It runs after `docusaurus build` has returned, not in a plugin's postBuild hook: Docusaurus runs every
 * plugin's postBuild at once, so a hook cannot know that the others (the Markdown twins, the API kit's
 * downloads, the PWA's service worker, the sitemap, the redirect pages) have written their files.
 *
 * Usage: `tsx plugins/static-host/index.ts [build folder]` (default `build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { prepareForHost } from './host';

async function main() {
  const outDir = path.resolve(process.argv[2] ?? 'build');
  if (!fs.existsSync(path.join(outDir, 'index.html')))
    throw new Error(`${outDir} holds no build (no index.html): run docusaurus build first.`);
  const started = Date.now();
  const { inlineScripts, compressed } = await prepareForHost(outDir);
  console.log(
    `[static-host] _headers and _nginx.conf written (${inlineScripts} inline script hash${inlineScripts === 1 ? '' : 'es'}); ` +
      `${compressed} files precompressed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().catch((error: unknown) => {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
