import { asc } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { tooMany } from '../../core/errors.ts';
import { safeFileName, zip, type ZipEntry } from '../../core/zip.ts';
import { forUser } from '../../db/repos/index.ts';
import { chatGroups, chatMessages, documentMessages, documents } from '../../db/schema/index.ts';

/** Original files are added while their sizes add up to this; the rest are listed in the JSON only. */
const ORIGINALS_BUDGET_BYTES = 200 * 1024 * 1024;
const EXPORT_GAP_SECONDS = 60;

const STATUS_NOTE: Record<string, string> = { stopped: '（已停止，回答不完整）', error: '（出错）' };
const ROLE: Record<string, string> = { user: '我', assistant: 'AI' };
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const stamp = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16);

function conversationMarkdown(group: { title: string; model: string; createdAt: Date }, messages: { role: string; text: string; status: string; errorText: string | null; createdAt: Date; images: string[] }[]) {
  const lines = [`# ${group.title}`, '', `- 模型：${group.model}`, `- 创建于：${stamp(group.createdAt)} (UTC)`, ''];
  for (const m of messages) {
    lines.push(`## ${ROLE[m.role] ?? m.role} · ${stamp(m.createdAt)}${STATUS_NOTE[m.status] ?? ''}`, '');
    if (m.text) lines.push(m.text, '');
    for (const url of m.images) lines.push(`![图片](${url})`, '');
    if (m.errorText) lines.push(`> ${m.errorText}`, '');
  }
  return lines.join('\n');
}

/**
 * Everything a user wrote and got back, in one zip: each conversation and each document's
 * questions and answers as Markdown, all of it again as JSON (for tools), and the documents'
 * original files. Deleted conversations and documents are left out. One export a minute per user.
 */
export async function exportUserData(ctx: AppContext, userId: number): Promise<{ name: string; body: Buffer }> {
  if (!(await ctx.kv.setIfAbsent(`export:${userId}`, '1', EXPORT_GAP_SECONDS))) throw tooMany('导出过于频繁，请一分钟后再试');
  const mine = forUser(ctx.db, userId);
  const groups = await mine.chatGroups.list({ orderBy: [asc(chatGroups.id)] });
  const messages = await mine.chatMessages.list({ orderBy: [asc(chatMessages.id)] });
  const docs = await mine.documents.list({ orderBy: [asc(documents.id)] });
  const docMessages = await mine.documentMessages.list({ orderBy: [asc(documentMessages.id)] });

  const entries: ZipEntry[] = [];
  const byGroup = groupBy(messages, (m) => m.groupId);
  const conversations = groups.map((g) => {
    const list = byGroup.get(g.id) ?? [];
    const file = `conversations/${g.id}-${safeFileName(g.title, '对话')}.md`;
    entries.push({ name: file, data: conversationMarkdown(g, list), date: g.updatedAt });
    return {
      id: g.id,
      title: g.title,
      type: g.type,
      model: g.model,
      createdAt: iso(g.createdAt),
      updatedAt: iso(g.updatedAt),
      file,
      messages: list.map((m) => ({ id: m.id, role: m.role, text: m.text, images: m.images, status: m.status, errorText: m.errorText, model: m.model, createdAt: iso(m.createdAt) })),
    };
  });

  const byDoc = groupBy(docMessages, (m) => m.documentId);
  let budget = ORIGINALS_BUDGET_BYTES;
  const documentList = [];
  for (const d of docs) {
    const list = byDoc.get(d.id) ?? [];
    const base = `documents/${d.id}-${safeFileName(d.title, '文档')}`;
    const md = [`# ${d.title}`, '', `- 文件：${d.fileName}`, `- 上传于：${stamp(d.createdAt)} (UTC)`, ''];
    for (const m of list) {
      md.push(`## ${ROLE[m.role] ?? m.role} · ${stamp(m.createdAt)}${STATUS_NOTE[m.status] ?? ''}`, '', m.text, '');
      if (m.errorText) md.push(`> ${m.errorText}`, '');
    }
    entries.push({ name: `${base}.md`, data: md.join('\n'), date: d.updatedAt });
    let original: string | null = null;
    if (d.status === 2 && d.fileSize <= budget) {
      const stored = await ctx.storage.get(d.storageKey).catch(() => null);
      if (stored) {
        original = `${base}/${safeFileName(d.fileName, `原文件.${d.fileExt}`)}`;
        entries.push({ name: original, data: stored.body, date: d.createdAt });
        budget -= stored.body.length;
      }
    }
    documentList.push({
      id: d.id,
      title: d.title,
      fileName: d.fileName,
      fileSize: d.fileSize,
      createdAt: iso(d.createdAt),
      original,
      messages: list.map((m) => ({ id: m.id, role: m.role, text: m.text, action: m.action, status: m.status, errorText: m.errorText, citations: m.citations, model: m.model, createdAt: iso(m.createdAt) })),
    });
  }

  const now = new Date(ctx.clock.now());
  entries.push({ name: 'data.json', data: JSON.stringify({ exportedAt: iso(now), conversations, documents: documentList }, null, 2) });
  entries.push({
    name: 'README.md',
    data: [
      '# 我的数据导出',
      '',
      `导出时间：${stamp(now)} (UTC)`,
      '',
      `- conversations/：${conversations.length} 个对话，每个一份 Markdown`,
      `- documents/：${documentList.length} 个文档的问答记录（Markdown）与上传的原文件`,
      '- data.json：以上全部内容的完整 JSON',
      '',
    ].join('\n'),
  });
  const day = now.toISOString().slice(0, 10);
  return { name: `my-data-${day}.zip`, body: zip(entries) };
}
