/**
 * What a reload needs to re-attach to a turn that was streaming (GET /api/turns/resume): kept in
 * sessionStorage (this tab only) while the turn streams, removed when it settles.
 */
export interface ResumeRecord<C = Record<string, unknown>> {
  secret: string;
  /** The feature whose turn it is ('chat', 'document', …); one record per kind. */
  kind: string;
  /** The feature's ids and what it needs to show the turn again (group uuid, document token, the question). */
  context: C;
  /** Epoch ms when the stream was opened. */
  startedAt: number;
}

/** A record older than this is dropped unread: the server no longer holds the turn live. */
export const RESUME_MAX_AGE_MS = 10 * 60_000;

const keyOf = (kind: string) => `streamRun:${kind}`;

export function saveRecord(record: ResumeRecord<unknown>) {
  try {
    sessionStorage.setItem(keyOf(record.kind), JSON.stringify(record));
  } catch {
    // Private mode or a full quota: the turn simply cannot be resumed after a reload.
  }
}

export function dropRecord(kind: string, secret?: string) {
  try {
    // A newer turn of the same kind keeps its record.
    if (secret !== undefined && readRaw(kind)?.secret !== secret) return;
    sessionStorage.removeItem(keyOf(kind));
  } catch {
    /* ignore */
  }
}

function readRaw(kind: string): ResumeRecord | null {
  try {
    const raw = sessionStorage.getItem(keyOf(kind));
    if (!raw) return null;
    const v = JSON.parse(raw) as ResumeRecord;
    if (!v || typeof v.secret !== 'string' || v.kind !== kind || typeof v.startedAt !== 'number' || !v.context || typeof v.context !== 'object') return null;
    return v;
  } catch {
    return null;
  }
}

/** The record of `kind` when there is one younger than RESUME_MAX_AGE_MS; a stale or broken one is removed. */
export function readRecord<C = Record<string, unknown>>(kind: string, now = Date.now()): ResumeRecord<C> | null {
  const v = readRaw(kind);
  if (!v || now - v.startedAt > RESUME_MAX_AGE_MS || v.startedAt > now + 60_000) {
    dropRecord(kind);
    return null;
  }
  return v as ResumeRecord<C>;
}
