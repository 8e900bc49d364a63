/** SPEC §3 prompt store (local key promptStore): `{ promptList: [{ key: title, value: content }] }`. */
export interface PromptItem {
  key: string;
  value: string;
}

export const PROMPT_TITLE_MAX = 100;
export const PROMPT_CONTENT_MAX = 4000;
export const PROMPT_LIST_MAX = 500;
export const PROMPT_FILE_MAX_BYTES = 1024 * 1024;

/** A warning shown for one imported entry, or the reason a whole import was refused (SPEC §5). */
export type ImportNotice =
  | { kind: 'repeatTitle'; title: string }
  | { kind: 'repeatContent'; title: string }
  | { kind: 'keyMismatch' }
  | { kind: 'badFile' }
  | { kind: 'full' };

export interface ImportResult {
  list: PromptItem[];
  added: number;
  notices: ImportNotice[];
  /** Nothing was imported: the file was not a prompt list. */
  refused: boolean;
}

/**
 * Adds a JSON prompt list to `current`: an array of `{ key, value }` (our download) or of
 * `{ act, prompt }` (awesome-chatgpt-prompts). The first entry decides which; an entry without
 * both fields refuses the whole file (键值不匹配), as does text that is not such an array. Entries
 * whose title or content is already there are skipped with a warning each; new ones go first.
 */
export function importPrompts(current: readonly PromptItem[], text: string): ImportResult {
  const refuse = (notice: ImportNotice): ImportResult => ({ list: [...current], added: 0, notices: [notice], refused: true });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse({ kind: 'badFile' });
  }
  if (!Array.isArray(data) || data.length === 0 || typeof data[0] !== 'object' || data[0] === null) return refuse({ kind: 'badFile' });
  const first = data[0] as Record<string, unknown>;
  const [k, v] = 'key' in first ? ['key', 'value'] : 'act' in first ? ['act', 'prompt'] : [null, null];
  if (!k || !v) return refuse({ kind: 'keyMismatch' });
  const entries: PromptItem[] = [];
  for (const raw of data) {
    const e = raw as Record<string, unknown> | null;
    if (!e || typeof e !== 'object' || typeof e[k] !== 'string' || typeof e[v] !== 'string') return refuse({ kind: 'keyMismatch' });
    const key = (e[k]).trim();
    const value = (e[v]).trim();
    if (!key || !value || key.length > PROMPT_TITLE_MAX || value.length > PROMPT_CONTENT_MAX) return refuse({ kind: 'keyMismatch' });
    entries.push({ key, value });
  }
  const list = [...current];
  const notices: ImportNotice[] = [];
  let added = 0;
  for (const entry of entries) {
    if (list.some((p) => p.key === entry.key)) notices.push({ kind: 'repeatTitle', title: entry.key });
    else if (list.some((p) => p.value === entry.value)) notices.push({ kind: 'repeatContent', title: entry.key });
    else if (list.length >= PROMPT_LIST_MAX) {
      notices.push({ kind: 'full' });
      break;
    } else {
      list.unshift(entry);
      added++;
    }
  }
  return { list, added, notices, refused: false };
}

/** Why a new or edited prompt is refused (`editing`: the index being edited), or null. */
export function checkPrompt(list: readonly PromptItem[], item: PromptItem, editing: number | null): 'empty' | 'repeatTitle' | 'repeatContent' | null {
  const key = item.key.trim();
  const value = item.value.trim();
  if (!key || !value) return 'empty';
  const others = list.filter((_, i) => i !== editing);
  if (others.some((p) => p.key === key)) return 'repeatTitle';
  if (others.some((p) => p.value === value)) return 'repeatContent';
  return null;
}

/** The list as a downloadable JSON file (the format importPrompts reads back). */
export const exportPrompts = (list: readonly PromptItem[]) => JSON.stringify(list.map(({ key, value }) => ({ key, value })), null, 2);

/** Prompts whose title or content contains `q` (case-insensitive). */
export function searchPrompts(list: readonly PromptItem[], q: string): PromptItem[] {
  const s = q.trim().toLowerCase();
  return s ? list.filter((p) => p.key.toLowerCase().includes(s) || p.value.toLowerCase().includes(s)) : [...list];
}
