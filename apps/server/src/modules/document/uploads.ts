import { randomBytes } from 'node:crypto';
import type { KvStore } from '../../core/kv.ts';

/** What GET /api/cos/signature promised: POST /api/document/add takes it back by its ticket. */
export interface UploadTicket {
  userId: number;
  uploadId: string;
  key: string;
  location: string;
  name: string;
  ext: string;
  size: number;
  expiresAt: number;
}

/** The ticket outlives the slice URLs a little, so an upload finished at the last moment can still be added. */
const GRACE_SECONDS = 3600;
const ticketKey = (token: string) => `doc:upload:${token}`;

export async function issueTicket(kv: KvStore, ticket: UploadTicket, ttlSeconds: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await kv.set(ticketKey(token), JSON.stringify(ticket), ttlSeconds + GRACE_SECONDS);
  return token;
}

export async function readTicket(kv: KvStore, token: string): Promise<UploadTicket | null> {
  const raw = await kv.get(ticketKey(token));
  return raw ? (JSON.parse(raw) as UploadTicket) : null;
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};
export const mimeOf = (ext: string) => MIME[ext] ?? 'application/octet-stream';
