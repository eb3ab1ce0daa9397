/** Links that open a chat assistant with a prompt naming a page's Markdown copy (no script of theirs loads). */
/** The prompt that asks a chat assistant to read a page's Markdown copy. */
export function assistantPrompt(markdownUrl: string): string {
  return `Read ${markdownUrl} so I can ask you questions about this Services Manager documentation page.`;
}

export const chatGptUrl = (markdownUrl: string) =>
  `https://chatgpt.com/?q=${encodeURIComponent(assistantPrompt(markdownUrl))}`;
export const claudeUrl = (markdownUrl: string) =>
  `https://claude.ai/new?q=${encodeURIComponent(assistantPrompt(markdownUrl))}`;
