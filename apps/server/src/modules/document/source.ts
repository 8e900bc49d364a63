// A parsed document's text within a budget, as another module (mind, slides, thesis) takes it for its source material.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { Code } from '@app/shared';
import { requireAccess } from '../../core/access.ts';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { documentChunks, documents } from '../../db/schema/index.ts';
import { spread, type IndexedChunk } from './search-index.ts';

/** A parsed document's text, as another tool takes it for its source material. */
export interface DocumentSource {
  token: string;
  title: string;
  text: string;
  /** False when the document was longer than the budget and only an even spread of it is here. */
  complete: boolean;
}

/**
 * The text of the caller's parsed document, at most `budget` characters: all of it when it fits,
 * else chunks taken evenly across it, in order (as the 总结全文 action reads it). Another user's
 * document answers the same 404 as a missing one; a document still parsing (or failed) is a 409.
 * `field` names the request field in the error (for the form to show it).
 */
export async function documentSourceText(ctx: AppContext, caller: AuthUser, token: string, budget: number, field = 'document'): Promise<DocumentSource> {
  await requireAccess(ctx.db, caller, 'document.read', [token]);
  const [doc] = await ctx.db
    .select({ id: documents.id, token: documents.token, title: documents.title, status: documents.status })
    .from(documents)
    .where(and(eq(documents.token, token), isNull(documents.deletedAt)))
    .limit(1);
  if (!doc) throw notFound('文档不存在或已删除');
  const refuse = (message: string) => new AppError(Code.CONFLICT, message, 409, { field, issues: [{ field, message }] });
  if (doc.status === 3) throw refuse('文档解析失败，请删除后重新上传');
  if (doc.status !== 2) throw refuse('文档还在解析中，请稍后再试');
  const rows = await ctx.db
    .select({ ord: documentChunks.ord, page: documentChunks.page, section: documentChunks.section, text: documentChunks.text })
    .from(documentChunks)
    .where(eq(documentChunks.documentId, doc.id))
    .orderBy(asc(documentChunks.ord));
  const chunks: IndexedChunk[] = rows.map((r) => ({ ...r, terms: '', embedding: null }));
  const { picked, complete } = spread(chunks, Math.max(0, budget));
  // Chunks each longer than a small budget: the beginning of the first, cut to it.
  const text = picked.length
    ? picked
        .map((c) => c.text.trim())
        .filter(Boolean)
        .join('\n\n')
    : Array.from(chunks[0]?.text.trim() ?? '').slice(0, Math.max(0, budget)).join('');
  if (!text) throw refuse('文档中没有可用的文字内容');
  return { token: doc.token, title: doc.title, text, complete: complete && picked.length > 0 };
}
