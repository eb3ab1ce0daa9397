/**
 * `npm run bundle`: packs the production build into one archive for networks without internet access.
 * Extract it anywhere and serve the folder with any static web server (see the README).
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pkg from '../package.json';

/** Writes `<outDir>/services-manager-docs-<version>.tar.gz`, which unpacks into one folder of that name. */
export function bundle(buildDir: string, outDir: string): string {
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`No build found in ${buildDir}. Run "npm run build" first.`);
  }
  fs.mkdirSync(outDir, { recursive: true });
  const name = `services-manager-docs-${pkg.version}`;
  const archive = path.join(outDir, `${name}.tar.gz`);
  execFileSync('tar', ['-czf', archive, '--transform', `s,^\\.,${name},`, '-C', buildDir, '.']);
  return archive;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  try {
    const archive = bundle(path.resolve('build'), path.resolve('bundle'));
    const size = fs.statSync(archive).size;
    console.log(`Wrote ${path.relative(process.cwd(), archive)} (${(size / 1024 / 1024).toFixed(1)} MB)`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
