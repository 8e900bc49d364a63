/** A tiny typed event bus: lib code announces, the app level decides what to open. */
export interface AppEvents {
  /** 403000: the token was bad or expired and has been removed. */
  'token-invalid': void;
  /** HTTP 401 on a call that needs login; message is what to toast. */
  'need-login': { message: string; url: string };
  /** 408xxx: not enough balance. */
  'balance-low': { code: number; message: string };
  /** 508xxx: no slide quota. */
  'ppt-quota': { code: number; message: string };
}

type Handler<T> = (payload: T) => void;
const handlers = new Map<keyof AppEvents, Set<Handler<never>>>();

/**
 * Events that must not be lost when they come before anyone listens (a bad stored token found
 * while the app is still starting): kept and handed to the first listener.
 */
const STICKY = new Set<keyof AppEvents>(['token-invalid']);
const pending = new Map<keyof AppEvents, unknown[]>();

export function on<K extends keyof AppEvents>(event: K, fn: Handler<AppEvents[K]>) {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(fn);
  const kept = pending.get(event);
  if (kept) {
    pending.delete(event);
    (fn as Handler<unknown>)(kept[0]);
  }
  return () => void set.delete(fn);
}

export function emit<K extends keyof AppEvents>(event: K, ...payload: AppEvents[K] extends void ? [] : [AppEvents[K]]) {
  const set = handlers.get(event);
  if ((!set || set.size === 0) && STICKY.has(event)) pending.set(event, [payload[0]]);
  for (const fn of set ?? []) (fn as Handler<unknown>)(payload[0]);
}
