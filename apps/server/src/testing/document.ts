import { documentStreamEvent, type DocumentStreamEvent, type UploadSignatureReply } from '@app/shared';
import type { TestApp } from './harness.ts';
import { readSseEvents } from './sse.ts';

export interface UploadResult {
  /** The document token (null when a step was refused; `failed` says which and why). */
  token: string | null;
  failed: { step: 'pre_add' | 'signature' | 'part' | 'add'; status: number; code: number; message: string } | null;
  signature: UploadSignatureReply | null;
}

/**
 * The browser's upload flow of SPEC §4.8 against the app: pre-check, credentials, every 5 MB
 * slice PUT to its presigned URL, add. `skipParts` leaves slices out (an unfinished upload).
 */
export async function uploadDocument(
  t: TestApp,
  token: string,
  file: { name: string; body: Buffer; ext?: string },
  opts: { skipParts?: number[] } = {},
): Promise<UploadResult> {
  const ext = file.ext ?? file.name.slice(file.name.lastIndexOf('.') + 1);
  const query = { file_name: file.name, file_ext: ext, file_size: String(file.body.length) };
  const pre = await t.call('GET', '/api/document/pre_add', { token, query });
  if (pre.body.code !== 200) return { token: null, signature: null, failed: { step: 'pre_add', status: pre.status, code: pre.body.code, message: pre.body.message } };
  const sig = await t.call<UploadSignatureReply>('GET', '/api/cos/signature', { token, query });
  if (sig.body.code !== 200) return { token: null, signature: null, failed: { step: 'signature', status: sig.status, code: sig.body.code, message: sig.body.message } };
  const s = sig.body.data;
  for (const part of s.parts) {
    if (opts.skipParts?.includes(part.part_number)) continue;
    const from = (part.part_number - 1) * s.part_size;
    const bytes = file.body.subarray(from, from + s.part_size);
    // Local storage: a URL of this app; S3: a presigned URL of the bucket, PUT like a browser does.
    const res = part.url.startsWith('http')
      ? await fetch(part.url, { method: 'PUT', body: new Uint8Array(bytes), headers: part.headers }).then(async (r) => ({ statusCode: r.status, body: await r.text() }))
      : await t.app.inject({ method: 'PUT', url: part.url, payload: bytes, headers: { 'content-type': 'application/octet-stream', ...part.headers } });
    if (res.statusCode !== 200) {
      let b = { code: res.statusCode, message: res.body };
      try {
        b = JSON.parse(res.body);
      } catch {
        // S3 answers XML
      }
      return { token: null, signature: s, failed: { step: 'part', status: res.statusCode, code: b.code, message: b.message } };
    }
  }
  const add = await t.call<{ token: string }>('POST', '/api/document/add', {
    token,
    body: { files: s.location, upload_token: s.token, name: file.name, file_size: file.body.length, file_ext: ext },
  });
  if (add.body.code !== 200) return { token: null, signature: s, failed: { step: 'add', status: add.status, code: add.body.code, message: add.body.message } };
  return { token: add.body.data.token, signature: s, failed: null };
}

/** Uploads and waits for the parse to end; returns the token and the final query reply. */
export async function uploadAndParse(t: TestApp, token: string, file: { name: string; body: Buffer; ext?: string }) {
  const up = await uploadDocument(t, token, file);
  if (!up.token) throw new Error(`upload failed at ${up.failed!.step}: ${up.failed!.message}`);
  await t.documents.jobs.idle();
  const q = await t.call('GET', '/api/document/query', { token, query: { token: up.token } });
  return { token: up.token, query: q.body.data as { status: number; name_status: number; title: string; error: string | null; pages: number | null } };
}

export interface DocumentStream {
  status: number;
  events: DocumentStreamEvent[];
  text: string;
  last: DocumentStreamEvent | undefined;
  json: any;
}

/** POST /api/document/ask over real HTTP, each event checked against the shared schema. */
export async function askDocument(
  t: TestApp,
  token: string | null,
  body: Record<string, unknown>,
  opts: { onEvent?: (e: DocumentStreamEvent) => void | Promise<void> } = {},
): Promise<DocumentStream> {
  const base = await t.listen();
  const res = await fetch(`${base}/api/document/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const out: DocumentStream = { status: res.status, events: [], text: '', last: undefined, json: null };
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    out.json = await res.json();
    return out;
  }
  return { ...out, ...(await readSseEvents(res, documentStreamEvent, opts.onEvent)) };

}

/** validate + ask. */
export async function askWith(t: TestApp, token: string, body: { token: string; action: string; question?: string; language?: string }, opts: Parameters<typeof askDocument>[3] = {}) {
  const v = await t.call<{ secret: string }>('POST', '/api/document/ask/validate', { token, body });
  if (v.body.code !== 200) throw new Error(`validate failed: ${v.body.code} ${v.body.message}`);
  const stream = await askDocument(t, token, { secret: v.body.data.secret, ...body }, opts);
  return { ...stream, secret: v.body.data.secret };
}
