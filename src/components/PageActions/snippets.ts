/**
 * How an AI assistant connects to the documentation's MCP server (`npm run mcp`): one configuration per
 * client, for the server started from a clone (stdio) and for one reached over HTTP.
 */
export const SERVER_NAME = 'services-manager-docs';
export const CLONE_PATH = '/path/to/services-manager-docs';
export const HTTP_URL = 'http://127.0.0.1:3333/mcp';

/** `npm --silent` keeps npm's own banner off stdout, which carries the protocol. */
const STDIO = { command: 'npm', args: ['--silent', '--prefix', CLONE_PATH, 'run', 'mcp'] };

const json = (value: unknown) => JSON.stringify(value, null, 2);

export type AssistantClient = {
  id: string;
  label: string;
  /** Where the snippet goes. */
  where: string;
  stdio: string;
  /** Undefined when the client only starts servers itself. */
  http?: string;
};

export const ASSISTANT_CLIENTS: AssistantClient[] = [
  {
    id: 'claude-code',
    label: 'Claude Code',
    where: 'Run in a terminal.',
    stdio: `claude mcp add ${SERVER_NAME} -- ${STDIO.command} ${STDIO.args.join(' ')}`,
    http: `claude mcp add --transport http ${SERVER_NAME} ${HTTP_URL}`,
  },
  {
    id: 'claude-desktop',
    label: 'Claude Desktop',
    where: 'Add to claude_desktop_config.json (Settings › Developer › Edit Config), then restart Claude.',
    stdio: json({ mcpServers: { [SERVER_NAME]: STDIO } }),
  },
  {
    id: 'vscode',
    label: 'VS Code',
    where: 'Add to .vscode/mcp.json in your workspace.',
    stdio: json({ servers: { [SERVER_NAME]: { type: 'stdio', ...STDIO } } }),
    http: json({ servers: { [SERVER_NAME]: { type: 'http', url: HTTP_URL } } }),
  },
  {
    id: 'cursor',
    label: 'Cursor',
    where: 'Add to .cursor/mcp.json in your project, or ~/.cursor/mcp.json for every project.',
    stdio: json({ mcpServers: { [SERVER_NAME]: STDIO } }),
    http: json({ mcpServers: { [SERVER_NAME]: { url: HTTP_URL } } }),
  },
];
