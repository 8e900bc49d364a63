import { create } from 'zustand';
import { storage } from '../../../lib/storage.ts';

/**
 * The tools picked in the composer's 工具 menu, per conversation (uuid; "0" is this device's pick for a
 * new one). Only the user's pick lives here: the tools a model offers are server state, a query
 * (hooks/useToolList.ts).
 */
const KEY = 'chatTools';
/** Bounds what localStorage holds: the newest conversations' picks. */
const MAX_SAVED = 200;

type Picks = Record<string, string[]>;

interface ToolState {
  picks: Picks;
  setPick(uuid: number, names: string[]): void;
  /** A new conversation was saved as `uuid`: it keeps the pick it was sent with. */
  adopt(uuid: number, names: string[]): void;
}

function readPicks(): Picks {
  const saved = storage.get<Picks>(KEY);
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return {};
  const out: Picks = {};
  for (const [k, v] of Object.entries(saved)) if (Array.isArray(v)) out[k] = v.filter((n): n is string => typeof n === 'string');
  return out;
}

function save(picks: Picks) {
  const keys = Object.keys(picks);
  if (keys.length > MAX_SAVED) {
    // Object keys that look like numbers come in ascending order: the oldest conversations go first (the device's "0" stays).
    for (const k of keys.slice(0, keys.length - MAX_SAVED)) if (k !== '0') delete picks[k];
  }
  storage.set(KEY, picks, null);
}

export const useToolStore = create<ToolState>((set, get) => ({
  picks: readPicks(),
  setPick: (uuid, names) => {
    const picks = { ...get().picks, [String(uuid)]: names };
    save(picks);
    set({ picks });
  },
  adopt: (uuid, names) => {
    if (uuid === 0) return;
    const picks = { ...get().picks, [String(uuid)]: names };
    save(picks);
    set({ picks });
  },
}));

const NONE: string[] = [];

/** The pick of conversation `uuid`: its own, else this device's pick for a new conversation. */
export const pickOf = (picks: Picks, uuid: number): string[] => picks[String(uuid)] ?? picks['0'] ?? NONE;

/** The picked tools `offered` lists (a tool no longer offered is left out, the pick keeps it should it come back). */
export function pickedOf(picks: Picks, uuid: number, offered: readonly { name: string }[] | undefined): string[] {
  if (!offered?.length) return NONE;
  const names = new Set(offered.map((t) => t.name));
  return pickOf(picks, uuid).filter((n) => names.has(n));
}
