import type { ChatMessageStatus, ChatSearch, ToolStep } from '@app/shared';

/** SPEC §3 "Chat group" as the screen keeps it; uuid 0 is a new session not saved yet. */
export interface Group {
  uuid: number;
  title: string;
  model: string;
  isSticky: boolean;
  appId: number | null;
  /** 1 chat, 2 expert, 3 template. */
  type: number;
  created_at: string;
  /** Template of a type-3 group, expert (identity) of a type-2 group. */
  templateId?: number | null;
  identityId?: number | null;
  /** A template group's form values (what its first turn was generated with). */
  variable?: Record<string, string> | null;
}

/** SPEC §3 "Chat message" as the screen keeps it. */
export interface ChatItem {
  /** Stable client key (React key, stream subscription). */
  key: string;
  /** Server message id, once saved. */
  id: number | null;
  /** The saved message this one follows (null: a first message; undefined: not said, the previous one). */
  parentId?: number | null;
  dateTime: string;
  text: string;
  /** True for the user's own messages. */
  inversion: boolean;
  error: boolean;
  errorText: string | null;
  loading: boolean;
  images: string[];
  /** Model code the message was produced with. */
  model: string;
  status: ChatMessageStatus;
  /** A searched reply: its sources (cited as [n] in the text), or why there are none. */
  search?: ChatSearch | null;
  /** The reply waits for its web search (shown until the first text). */
  searching?: boolean;
  /** A reasoning model's thinking (shown apart, folded; never copied, read aloud, shared or exported) and how long it took. */
  thinking?: string;
  thinkingMs?: number | null;
  /** A turn with tools: its calls in order (live from the stream, the resume event, or the history). */
  tools?: ToolStep[];
}

export interface ChatMeta {
  title: string;
  template_variable?: unknown;
  variable?: unknown;
  identity_description?: string;
  identity_questions?: string[];
}
