/** What chat/create prepared and chat/stream runs; bound to the user, the group and this turn. */
export interface PreparedTurn {
  userId: number;
  groupId: number;
  /** The group is new: it has no history to read, and is created only when the turn runs (so an abandoned prepare leaves no empty group). */
  newGroup: boolean;
  /** The row of a new group, inserted under the reserved `groupId` when the turn runs. */
  group?: { type: number; title: string; appId: number | null; templateId: number | null; identityId: number | null; variable: Record<string, string> | null };
  model: string;
  input: string;
  images: string[];
  /** Retry: the id of the user message sent again (no new user message is stored; the reply is a new branch beside the earlier ones). */
  retryOf: number | null;
  /** The message the new question follows (null: a first message). Absent in turns prepared before branches existed. */
  parentId?: number | null;
  usingContext: boolean;
  temperature?: number;
  systemMessage?: string;
  /** 联网搜索: search the web for the question first; the turn costs the search's price on top (charged only when it found sources). */
  search?: boolean;
  /** Expert chat: the expert's system prompt, sent with every turn of the group. */
  appPrompt?: string;
  /** The tools (function names) the user picked for this turn: it runs in tool rounds, holding their most on top. */
  tools?: string[];
}

/** Keeps chat turns apart from other kinds of prepared turns. */
export const CHAT_TURN_PREFIX = 'chat:turn:';
