import type { Answer } from '@services-manager-docs/core/ask/extractive';

export type Turn = {
  question: string;
  /** With the Ask AI proxy's proof of the conversation so far, when the configured engine answered. */
  answer?: Answer & { proof?: string };
  /** Why no answer came (the answer service failed); shown in place of the answer. */
  error?: string;
  feedback?: 'like' | 'dislike';
};
export type Conversation = { id: string; title: string; updated: number; turns: Turn[] };

const KEY = 'sm-ask-conversations';
const MAX = 10;

export function loadConversations(): Conversation[] {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? (value as Conversation[]).filter((item) => item?.id && Array.isArray(item.turns))
      : [];
  } catch {
    return [];
  }
}

function store(conversations: Conversation[]): Conversation[] {
  try {
    localStorage.setItem(KEY, JSON.stringify(conversations.slice(0, MAX)));
  } catch {
    // Storage full or disabled: conversations are simply not remembered.
  }
  return loadConversations();
}

/** Saves a conversation as the most recent one. */
export function saveConversation(conversation: Conversation): Conversation[] {
  return store([conversation, ...loadConversations().filter((item) => item.id !== conversation.id)]);
}

export function deleteConversation(id: string): Conversation[] {
  return store(loadConversations().filter((item) => item.id !== id));
}

export function newConversation(question: string): Conversation {
  return {
    id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    title: question.slice(0, 120),
    updated: Date.now(),
    turns: [],
  };
}
