/**
 * ../registerSw.ts stands in for @docusaurus/plugin-pwa's own registration (the plugin's `swRegister`
 * option) and so speaks the plugin's private protocol: it imports the plugin's update prompt from its
 * `lib/` folder, names the service worker by the URL the plugin defines, tells the worker it is in
 * offline mode through the worker's `params` query, and asks a waiting worker to take over with the
 * message the worker listens for. This checks each of them in the installed plugin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PLUGIN_LIB = path.dirname(require.resolve('@docusaurus/plugin-pwa'));
const REGISTER_SW = fs.readFileSync(path.join(__dirname, '..', 'registerSw.ts'), 'utf8');
const read = (file: string) => fs.readFileSync(path.join(PLUGIN_LIB, file), 'utf8');

describe('the PWA plugin’s internals that ../registerSw.ts uses', () => {
  it('has the update prompt at the path registerSw.ts imports, taking an onReload callback', () => {
    const imported = /import\('(@docusaurus\/plugin-pwa\/lib\/[^']+)'\)/.exec(REGISTER_SW)?.[1];
    expect(imported).toBe('@docusaurus/plugin-pwa/lib/renderReloadPopup.js');
    const file = path.basename(imported!);
    expect(read(file)).toMatch(/export function renderReloadPopup\(props\)/);
    expect(read(file)).toMatch(/import\('@theme\/PwaReloadPopup'\)/);
    expect(read(file.replace(/\.js$/, '.d.ts'))).toMatch(/renderReloadPopup\(props: Props\): Promise<void>/);
    const popup = fs.readFileSync(path.join(PLUGIN_LIB, 'theme', 'PwaReloadPopup', 'index.js'), 'utf8');
    expect(popup, 'the popup no longer calls onReload').toMatch(/\bonReload\(\)/);
  });

  it('defines the service worker’s URL for the registration module', () => {
    expect(REGISTER_SW).toContain('process.env.PWA_SERVICE_WORKER_URL');
    expect(read('index.js')).toMatch(/PWA_SERVICE_WORKER_URL: /);
    expect(read('index.js'), 'the plugin no longer loads swRegister as a client module').toMatch(
      /return swRegister \? \[swRegister\] : \[\];/,
    );
  });

  it('has the worker read offline mode from its params query and skip waiting on request', () => {
    expect(REGISTER_SW).toMatch(/\?params=\$\{params\}/);
    expect(REGISTER_SW).toMatch(/offlineMode: true/);
    expect(REGISTER_SW).toMatch(/type: 'SKIP_WAITING'/);
    const worker = read('sw.js');
    expect(worker).toMatch(/new URLSearchParams\(self\.location\.search\)\.get\('params'\)/);
    expect(worker).toMatch(/if \(params\.offlineMode\)/);
    expect(worker).toMatch(/if \(type === 'SKIP_WAITING'\)/);
  });
});
