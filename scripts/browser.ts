import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Launch flags that work as root on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium the browser tests drive: CHROME_PATH if set, else Debian's. */
export function findBrowser(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return fs.existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

/**
 * Makes sure a browser exists. As root with apt-get, installs Debian's chromium; otherwise throws one
 * line that says what to install.
 */
export function ensureBrowser(): string {
  const found = findBrowser();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    throw new Error(
      'No Chromium found for the browser tests: install Debian\'s "chromium" package (apt-get install chromium) or set CHROME_PATH to a Chromium binary.',
    );
  }
  console.log('Installing Debian chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  const installed = findBrowser();
  if (!installed) throw new Error('apt-get installed chromium but no binary was found at /usr/bin/chromium.');
  return installed;
}
