import type { DocumentGroup, DocumentMessage } from '@app/shared';
import { DISPLAY_TZ_OFFSET_HOURS } from '@app/shared';
import type { documentMessages, documents } from '../../db/schema/index.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentMessageRow = typeof documentMessages.$inferSelect;

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-23 16:05`, in the product's display time zone (China). */
export function displayTime(d: Date) {
  const t = new Date(d.getTime() + DISPLAY_TZ_OFFSET_HOURS * 3600_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
}

export function documentView(d: DocumentRow): DocumentGroup {
  return {
    token: d.token,
    title: d.title,
    created_at_text: displayTime(d.createdAt),
    status: d.status,
    name_status: d.nameStatus,
    file_ext: d.fileExt,
    file_size: d.fileSize,
    pages: d.pages,
  };
}

export function documentMessageView(m: DocumentMessageRow): DocumentMessage {
  return {
    id: m.id,
    role: m.role === 'user' ? 'user' : 'assistant',
    text: m.text,
    action: m.action,
    language: m.language,
    status: m.status === 'stopped' || m.status === 'error' ? m.status : 'complete',
    error: m.errorText,
    citations: m.citations,
    created_at: m.createdAt.toISOString(),
  };
}

/** The file name without its suffix, as a first title until the parse finds a better one. */
export function titleFromFileName(name: string) {
  const base = name.replace(/\.[^./\\]{1,8}$/, '').replace(/\s+/g, ' ').trim();
  return Array.from(base || name).slice(0, 60).join('');
}
