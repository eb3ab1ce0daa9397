/** The MCP server's test fixtures: the three-page build (../fixtureBuild.ts) and an in-memory client. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createServer } from '../server';
import type { Site } from '../site';

export { writeFixtureBuild } from '../fixtureBuild';

/** A client connected in memory to the MCP server over `site`. */
export async function connectClient(site: Site): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createServer(site, '0.0.0').connect(serverSide);
  const client = new Client({ name: 'test', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}
