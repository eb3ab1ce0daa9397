import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_CLIENTS, HTTP_URL, SERVER_NAME } from '../snippets';
import { chatGptUrl, claudeUrl } from '../chatLinks';

const ROOT = path.resolve(__dirname, '../../../..');
const MARKDOWN_URL = 'https://docs.example.com/docs/kb/kb00017.md';

describe('assistant links', () => {
  it('open a new chat with a prompt naming the page’s Markdown copy', () => {
    for (const [url, prefix] of [
      [chatGptUrl(MARKDOWN_URL), 'https://chatgpt.com/?q='],
      [claudeUrl(MARKDOWN_URL), 'https://claude.ai/new?q='],
    ]) {
      expect(url.startsWith(prefix)).toBe(true);
      const prompt = new URL(url).searchParams.get('q');
      expect(prompt).toContain(MARKDOWN_URL);
    }
  });

  it('encode whatever the page address holds', () => {
    const url = claudeUrl('https://docs.example.com/docs/concepts/roles-&-permissions.md?x=1#y');
    expect(new URL(url).searchParams.get('q')).toContain('roles-&-permissions.md?x=1#y');
  });
});

describe('MCP client settings', () => {
  it('are valid JSON where they are JSON, and name the server and the HTTP URL', () => {
    for (const client of ASSISTANT_CLIENTS) {
      for (const snippet of [client.stdio, client.http].filter((s): s is string => Boolean(s))) {
        expect(snippet).toContain(SERVER_NAME);
        if (snippet.startsWith('{')) expect(() => JSON.parse(snippet)).not.toThrow();
      }
      if (client.http) expect(client.http).toContain(HTTP_URL);
      expect(client.stdio).toMatch(/--silent/);
    }
  });

  it('match what the MCP server’s README and the AI assistants page tell readers', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'mcp/README.md'), 'utf8');
    const page = fs.readFileSync(path.join(ROOT, 'docs/developer/ai-assistants.md'), 'utf8');
    const claudeCode = ASSISTANT_CLIENTS.find((client) => client.id === 'claude-code')!;
    for (const text of [readme, page]) {
      expect(text).toContain(claudeCode.stdio);
      expect(text).toContain(claudeCode.http);
    }
    const desktop = JSON.parse(ASSISTANT_CLIENTS.find((client) => client.id === 'claude-desktop')!.stdio);
    const inPage = /```json\n([\s\S]*?)```/.exec(page)![1].replace(/^ {3}/gm, '');
    expect(JSON.parse(inPage)).toEqual(desktop);
  });
});
