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

export function on<K extends keyof AppEvents>(event: K, fn: Handler<AppEvents[K]>) {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(fn);
  return () => void set.delete(fn);
}

export function emit<K extends keyof AppEvents>(event: K, ...payload: AppEvents[K] extends void ? [] : [AppEvents[K]]) {
  for (const fn of handlers.get(event) ?? []) (fn as Handler<unknown>)(payload[0]);
}
