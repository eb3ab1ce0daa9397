/** `npm start` (or the root's `npm run mcp`): the documentation over MCP, on stdio or Streamable HTTP. */
import fs from 'node:fs';
import path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { startHttp } from './http';
import { OptionsError, parseOptions, USAGE } from './options';
import { createServer } from './server';
import { loadSite, SiteError } from './site';

async function main(): Promise<void> {
  // npm runs scripts in the package's folder; paths on the command line are the caller's (INIT_CWD).
  const options = parseOptions(process.argv.slice(2), process.env.INIT_CWD || process.cwd());
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, 'package.json'), 'utf8')) as {
    version: string;
  };
  // Result URLs start with DOCS_URL when it is set, else with the origin the build was made for.
  const site = await loadSite({ buildDir: options.buildDir, origin: process.env.DOCS_URL });
  // stdout carries the protocol on stdio, so everything for people goes to stderr.
  const summary = `${site.pages.size} pages, ${site.operations.length} API operations, from ${options.buildDir}`;
  if (options.http) {
    const running = await startHttp(site, version, options.http);
    console.error(`MCP server (Streamable HTTP) at ${running.url}: ${summary}`);
    const stop = () => void running.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } else {
    await createServer(site, version).connect(new StdioServerTransport());
    console.error(`MCP server on stdio: ${summary}`);
  }
}

main().catch((error: unknown) => {
  const known = error instanceof OptionsError || error instanceof SiteError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
