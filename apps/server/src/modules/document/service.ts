import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  Code,
  DOCUMENT_ACCEPT_TYPES_DEFAULT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_UPLOADS_PER_DAY,
  DOCUMENTS_PER_USER,
  UPLOAD_CREDENTIAL_TTL_SECONDS,
  type DocumentAddBody,
  type DocumentGroup,
  type DocumentHistoryReply,
  type DocumentPreAddQuery,
  type DocumentPreAddReply,
  type DocumentQueryReply,
  type UploadSignatureQuery,
  type UploadSignatureReply,
} from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { forUser } from '../../db/repos/index.ts';
import { documentChunks, documentMessages, documents, users } from '../../db/schema/index.ts';
import { UploadIncompleteError } from '../../providers/storage/types.ts';
import { issueTicket, mimeOf, readTicket } from './uploads.ts';
import { documentMessageView, documentView, titleFromFileName, type DocumentRow } from './views.ts';
import { requireAccess } from '../../core/access.ts';

const HISTORY_MAX = 500;
const LIST_MAX = 300;

export const UNSUPPORTED = '当前格式不支持！';
export const UPLOAD_FAILED = '文件上传失败！请稍后重试！';
export const PARSE_FAILED = '文档解析失败！';

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7).replace('-', '');

/** Documents of a user: the upload flow of SPEC §4.8, the list, one document's log, deletion. */
export class DocumentService {
  constructor(
    private ctx: AppContext,
    /** Told when a document was added (the parse queue) or deleted (caches, live answers). */
    private hooks: { added(): void; deleted(doc: DocumentRow): Promise<void> | void },
  ) {}

  /** The caller's live document (core/access decides), else 404 — the same answer whether it is gone or someone else's. */
  async requireDocument(caller: AuthUser, token: string, permission: 'document.read' | 'document.delete' | 'document.ask' = 'document.read'): Promise<DocumentRow> {
    await requireAccess(this.ctx.db, caller, permission, [token]);
    const [d] = await this.ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.token, token), isNull(documents.deletedAt)))
      .limit(1);
    if (!d) throw notFound('文档不存在或已删除');
    return d;
  }

  /** The user's accept_types setting, else the default list. */
  async acceptTypes(caller: AuthUser): Promise<string[]> {
    const [u] = await this.ctx.db.select({ types: users.acceptTypes }).from(users).where(eq(users.id, caller.id)).limit(1);
    const types = u?.types?.map((t) => t.toLowerCase()).filter(Boolean);
    return types?.length ? types : [...DOCUMENT_ACCEPT_TYPES_DEFAULT];
  }

  private async liveCount(userId: number) {
    return forUser(this.ctx.db, userId).documents.count();
  }

  private quotaError = () => field('file', `文档数量已达上限（${DOCUMENTS_PER_USER}个），请删除不用的文档后再上传`);

  async preAdd(caller: AuthUser, q: DocumentPreAddQuery): Promise<DocumentPreAddReply> {
    const [accept, used] = await Promise.all([this.acceptTypes(caller), this.liveCount(caller.id)]);
    if (q.file_ext !== undefined && !accept.includes(q.file_ext)) throw field('file_ext', UNSUPPORTED);
    if (q.file_ext !== undefined && used >= DOCUMENTS_PER_USER) throw this.quotaError();
    return { accept_types: accept, max_size: DOCUMENT_MAX_BYTES, used, limit: DOCUMENTS_PER_USER };
  }

  /** Temporary credentials for one upload: its slices go straight to storage (SPEC §4.8). */
  async signature(caller: AuthUser, q: UploadSignatureQuery): Promise<UploadSignatureReply> {
    const accept = await this.acceptTypes(caller);
    if (!accept.includes(q.file_ext)) throw field('file_ext', UNSUPPORTED);
    if ((await this.liveCount(caller.id)) >= DOCUMENTS_PER_USER) throw this.quotaError();
    await limitOrThrow(this.ctx.kv, `doc-upload:${caller.id}`, DOCUMENT_UPLOADS_PER_DAY, 86_400, `每天最多上传${DOCUMENT_UPLOADS_PER_DAY}个文档，请明天再试`);
    const now = this.ctx.clock.now();
    const key = `docs/${caller.id}/${monthOf(now)}/${randomBytes(16).toString('hex')}.${q.file_ext}`;
    const plan = await this.ctx.storage.createUpload(key, q.file_size, mimeOf(q.file_ext), UPLOAD_CREDENTIAL_TTL_SECONDS, now);
    const location = this.locationOf(key);
    const token = await issueTicket(
      this.ctx.kv,
      { userId: caller.id, uploadId: plan.uploadId, key, location, name: q.file_name, ext: q.file_ext, size: q.file_size, expiresAt: plan.expiresAt },
      UPLOAD_CREDENTIAL_TTL_SECONDS,
    );
    return {
      secret_id: plan.uploadId,
      secret_key: randomBytes(16).toString('hex'),
      token,
      start_time: Math.floor(now / 1000),
      expire_time: Math.floor(plan.expiresAt / 1000),
      bucket: plan.bucket,
      region: plan.region,
      key,
      location,
      part_size: plan.partSize,
      parts: plan.parts.map((p) => ({ part_number: p.partNumber, url: p.url, headers: p.headers })),
    };
  }

  /** The file's address (SPEC §4.8: absolute; https when the site is). Documents are private: it names the file, it does not serve it. */
  private locationOf(key: string) {
    return `${this.ctx.config.publicUrl.replace(/\/$/, '')}/uploads/${key}`;
  }

  /**
   * The upload is done: joins its slices, records the document and queues its parse. A second
   * call for the same upload answers with the same document.
   */
  async add(caller: AuthUser, body: DocumentAddBody): Promise<{ token: string }> {
    const ticket = await readTicket(this.ctx.kv, body.upload_token);
    if (!ticket || ticket.userId !== caller.id) throw field('upload_token', '上传凭证无效或已过期，请重新上传');
    if (body.files !== ticket.location && body.files !== ticket.key) throw field('files', '文件与上传凭证不符，请重新上传');
    if (body.file_ext !== ticket.ext || body.file_size !== ticket.size) throw field('files', '文件与上传凭证不符，请重新上传');
    const existing = await this.byUpload(ticket.uploadId);
    if (existing) {
      if (existing.userId !== caller.id || existing.deletedAt) throw field('upload_token', '上传凭证无效或已过期，请重新上传');
      return { token: existing.token };
    }
    try {
      const { size } = await this.ctx.storage.completeUpload(ticket.key, ticket.uploadId, ticket.size);
      if (size !== ticket.size) throw new UploadIncompleteError(`stored ${size} bytes, expected ${ticket.size}`);
    } catch (e) {
      if (e instanceof UploadIncompleteError) throw field('files', UPLOAD_FAILED);
      this.ctx.log.error({ err: e, key: ticket.key }, 'document: completing the upload failed');
      throw new AppError(Code.SERVER_ERROR, UPLOAD_FAILED, 500);
    }
    const now = new Date(this.ctx.clock.now());
    const token = randomBytes(16).toString('hex');
    // One transaction per user at a time, so two adds racing at the quota cannot both pass it.
    const inserted = await this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727402, ${caller.id}::int)`);
      const again = await tx.select().from(documents).where(eq(documents.uploadId, ticket.uploadId)).limit(1);
      if (again[0]) return again[0];
      const n = await forUser(tx, caller.id).documents.count();
      if (n >= DOCUMENTS_PER_USER) return null;
      const [row] = await tx
        .insert(documents)
        .values({
          token,
          userId: caller.id,
          title: titleFromFileName(body.name),
          fileName: body.name,
          fileExt: ticket.ext,
          fileSize: ticket.size,
          storageKey: ticket.key,
          uploadId: ticket.uploadId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    });
    if (!inserted) {
      await this.ctx.storage.delete(ticket.key).catch(() => {});
      throw this.quotaError();
    }
    if (inserted.userId !== caller.id) throw field('upload_token', '上传凭证无效或已过期，请重新上传');
    this.hooks.added();
    return { token: inserted.token };
  }

  private async byUpload(uploadId: string) {
    const [d] = await this.ctx.db.select().from(documents).where(eq(documents.uploadId, uploadId)).limit(1);
    return d ?? null;
  }

  async query(caller: AuthUser, token: string): Promise<DocumentQueryReply> {
    const d = await this.requireDocument(caller, token);
    return { token: d.token, status: d.status, name_status: d.nameStatus, title: d.title, error: d.status === 3 ? (d.errorText ?? PARSE_FAILED) : null, pages: d.pages };
  }

  async histories(caller: AuthUser): Promise<DocumentGroup[]> {
    const rows = await forUser(this.ctx.db, caller.id).documents.list({ orderBy: [desc(documents.createdAt), desc(documents.id)], limit: LIST_MAX });
    return rows.map(documentView);
  }

  async history(caller: AuthUser, token: string): Promise<DocumentHistoryReply> {
    const d = await this.requireDocument(caller, token);
    const rows = await this.ctx.db
      .select()
      .from(documentMessages)
      .where(eq(documentMessages.documentId, d.id))
      .orderBy(desc(documentMessages.id))
      .limit(HISTORY_MAX);
    return { document: documentView(d), list: rows.reverse().map(documentMessageView) };
  }

  /** Hides the document and its log at once; its file and chunks go too (a parse in flight notices). */
  async delete(caller: AuthUser, token: string) {
    const d = await this.requireDocument(caller, token, 'document.delete');
    const [gone] = await this.ctx.db
      .update(documents)
      .set({ deletedAt: new Date(this.ctx.clock.now()) })
      .where(and(eq(documents.id, d.id), isNull(documents.deletedAt)))
      .returning();
    if (!gone) return;
    await this.ctx.db.delete(documentChunks).where(eq(documentChunks.documentId, d.id));
    await this.hooks.deleted(gone);
    await this.ctx.storage.delete(d.storageKey).catch((e) => this.ctx.log.warn({ err: e, key: d.storageKey }, 'document: deleting the file failed'));
  }

  /** Chunks of a document in order (for the keyword index and the whole-document actions). */
  async chunks(documentId: number) {
    return this.ctx.db
      .select({ ord: documentChunks.ord, page: documentChunks.page, section: documentChunks.section, text: documentChunks.text, terms: documentChunks.terms, embedding: documentChunks.embedding })
      .from(documentChunks)
      .where(eq(documentChunks.documentId, documentId))
      .orderBy(asc(documentChunks.ord));
  }
}
