import { z } from 'zod';
import {
  chatMindBody,
  mindCreateBody,
  mindCreateReply,
  mindDetail,
  mindHistoriesReply,
  mindIdBody,
  mindIdParams,
  mindImportBody,
  mindStopBody,
  mindStreamEvent,
  mindUpdateBody,
} from '../schemas/mind.ts';
import { defineRoutes } from './define.ts';

export const mindRoutes = defineRoutes('mind', {
  create: { method: 'POST', path: '/api/mind/create', access: 'user', moderate: ['prompt', 'systemMessage'], summary: '准备一张思维导图：检查并返回 id 与 secret', body: mindCreateBody, response: mindCreateReply },
  chat: {
    method: 'POST',
    path: '/chatgpt/chat-mind',
    access: 'user',
    kind: 'sse',
    summary: '思维导图生成流（SSE；prompt、options.secret、systemMessage）',
    body: chatMindBody,
    response: mindStreamEvent,
  },
  stop: { method: 'POST', path: '/api/mind/stop', access: 'user', summary: '停止生成思维导图', body: mindStopBody, response: z.null() },
  histories: { method: 'GET', path: '/api/mind/histories', access: 'user', summary: '我的思维导图', response: mindHistoriesReply },
  detail: { method: 'GET', path: '/api/mind/detail/:id', access: 'user', summary: '一张思维导图（保存时的 Markdown）', params: mindIdParams, response: mindDetail },
  update: { method: 'POST', path: '/api/mind/update', access: 'user', summary: '保存编辑后的 Markdown', body: mindUpdateBody, response: mindDetail },
  import: { method: 'POST', path: '/api/mind/import', access: 'user', moderate: ['markdown'], summary: '导入一张导图（XMind 或 Markdown 文件转成的 Markdown），存为新导图', body: mindImportBody, response: mindDetail },
  delete: { method: 'POST', path: '/api/mind/delete', access: 'user', summary: '删除思维导图', body: mindIdBody, response: z.null() },
});
