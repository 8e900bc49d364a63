import type { DocumentPreAddReply, DocumentQueryReply, UploadPart, UploadSignatureReply } from '@app/shared';
import { DOCUMENT_STATUS, FILE_PARSE_POLL_MS, UPLOAD_SLICE_BYTES } from '@app/shared/constants';
import type { AddBody } from '../api.ts';

/** The file's suffix, lower case, without the dot ('' when it has none). */
export function fileSuffix(name: string): string {
  const m = /\.([^./\\]+)$/.exec(name.trim());
  return m ? m[1]!.toLowerCase() : '';
}

const clean = (s: string) => s.trim().toLowerCase().replace(/^\./, '');

/** SPEC §5: the suffix must be in the user's accept_types. */
export function isAccepted(name: string, accept: readonly string[]): boolean {
  const suffix = fileSuffix(name);
  return suffix !== '' && accept.some((a) => clean(a) === suffix);
}

/** The `accept` attribute of the file input for these suffixes. */
export const acceptAttr = (accept: readonly string[]) => accept.map((a) => `.${clean(a)}`).join(',');

/** SPEC §4.8 / §9: the file in slices of 5 MB, in order (an empty file is one empty slice). */
export function sliceFile(file: Blob, size = UPLOAD_SLICE_BYTES): Blob[] {
  if (size <= 0) throw new RangeError('slice size must be positive');
  const count = Math.max(1, Math.ceil(file.size / size));
  return Array.from({ length: count }, (_, i) => file.slice(i * size, Math.min(file.size, (i + 1) * size)));
}

/** SPEC §4.8: the returned location is used with https (a protocol-relative one gets it). */
export const withHttps = (location: string) => (location.startsWith('//') ? `https:${location}` : location);

export type UploadFailureKind = 'format' | 'precheck' | 'upload' | 'parse';

/**
 * Why an upload stopped. The dialog words it: `format` 当前格式不支持！, `precheck` the server's
 * message, `upload` 文件上传失败！请稍后重试！, `parse` 文档解析失败！ — `detail` is what the server said.
 */
export class UploadFailure extends Error {
  constructor(
    public readonly kind: UploadFailureKind,
    public readonly detail: string | null = null,
  ) {
    super(detail ?? kind);
  }
}

export interface UploadDeps {
  preAdd(q: { file_name: string; file_ext: string; file_size: number }): Promise<DocumentPreAddReply>;
  signature(q: { file_name: string; file_ext: string; file_size: number }): Promise<UploadSignatureReply>;
  /** PUTs one slice to its presigned URL, telling how many of its bytes were sent. */
  putPart(part: UploadPart, blob: Blob, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<void>;
  add(body: AddBody): Promise<{ token: string }>;
  query(token: string, signal: AbortSignal): Promise<DocumentQueryReply>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface UploadHooks {
  /** The upload started sending slices. */
  onUploading?(): void;
  /** Fraction (0..1) of the bytes sent. */
  onProgress?(fraction: number): void;
  /** The document exists and its parse started. */
  onParsing?(token: string): void;
}

const messageOf = (e: unknown) => (e instanceof Error && e.message && !/^HTTP \d+$/.test(e.message) ? e.message : null);

/** Resolves after `ms`, or rejects with AbortError when `signal` aborts first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** How many failed status queries in a row end the wait (a parse that is still running is watched by the list). */
const MAX_QUERY_FAILURES = 5;

/**
 * SPEC §4.8: polls GET /api/document/query every 2 s until the parse is done (status 2 with
 * name_status 1) or failed (status 3, UploadFailure `parse` with the server's reason).
 */
export async function pollParse(token: string, deps: Pick<UploadDeps, 'query' | 'sleep'>, signal: AbortSignal, interval = FILE_PARSE_POLL_MS): Promise<DocumentQueryReply> {
  let failures = 0;
  for (;;) {
    signal.throwIfAborted();
    let reply: DocumentQueryReply | null = null;
    try {
      reply = await deps.query(token, signal);
      failures = 0;
    } catch (e) {
      signal.throwIfAborted();
      if (++failures >= MAX_QUERY_FAILURES) throw new UploadFailure('parse', messageOf(e));
    }
    if (reply) {
      if (reply.status === DOCUMENT_STATUS.FAILED) throw new UploadFailure('parse', reply.error);
      if (reply.status === DOCUMENT_STATUS.DONE && reply.name_status === 1) return reply;
    }
    await deps.sleep(interval, signal);
  }
}

/**
 * SPEC §4.8, one file, in its order: suffix check, credentials, the 5 MB slices PUT in order,
 * pre-check, add (the parse starts), then the poll. Resolves with the parsed document. (The
 * credentials call refuses a wrong type or a full quota too, so nothing is sent in vain.)
 */
export async function uploadDocument(file: File, accept: readonly string[], deps: UploadDeps, signal: AbortSignal, hooks: UploadHooks = {}): Promise<DocumentQueryReply> {
  if (!isAccepted(file.name, accept)) throw new UploadFailure('format');
  const q = { file_name: file.name, file_ext: fileSuffix(file.name), file_size: file.size };

  let sig: UploadSignatureReply;
  try {
    sig = await deps.signature(q);
  } catch (e) {
    signal.throwIfAborted();
    throw new UploadFailure('precheck', messageOf(e));
  }

  hooks.onUploading?.();
  hooks.onProgress?.(0);
  const slices = sliceFile(file, sig.part_size > 0 ? sig.part_size : UPLOAD_SLICE_BYTES);
  const parts = [...sig.parts].sort((a, b) => a.part_number - b.part_number);
  if (parts.length !== slices.length) throw new UploadFailure('upload');
  const total = Math.max(1, file.size);
  let sent = 0;
  for (let i = 0; i < parts.length; i++) {
    const blob = slices[i]!;
    try {
      await deps.putPart(parts[i]!, blob, (loaded) => hooks.onProgress?.(Math.min(1, (sent + Math.min(loaded, blob.size)) / total)), signal);
    } catch (e) {
      signal.throwIfAborted();
      throw new UploadFailure('upload', messageOf(e));
    }
    sent += blob.size;
    hooks.onProgress?.(Math.min(1, sent / total));
  }

  try {
    await deps.preAdd(q);
  } catch (e) {
    signal.throwIfAborted();
    throw new UploadFailure('precheck', messageOf(e));
  }
  signal.throwIfAborted();

  let token: string;
  try {
    ({ token } = await deps.add({ files: withHttps(sig.location), upload_token: sig.token, name: file.name, file_size: file.size, file_ext: q.file_ext }));
  } catch (e) {
    signal.throwIfAborted();
    throw new UploadFailure('upload', messageOf(e));
  }
  hooks.onParsing?.(token);
  return pollParse(token, deps, signal);
}
