import { z } from 'zod';
import {
  translateCreateBody,
  translateCreateReply,
  translateHistoriesReply,
  translateIdBody,
  translateRunBody,
  translateStopBody,
  translateStreamEvent,
} from '../schemas/translate.ts';
import { defineRoutes } from './define.ts';

export const translateRoutes = defineRoutes('translate', {
  create: { method: 'POST', path: '/api/translate/create', access: 'user', moderate: ['text'], summary: '准备一次翻译：检查并返回 id 与 secret', body: translateCreateBody, response: translateCreateReply },
  run: { method: 'POST', path: '/api/chat/translate', access: 'user', kind: 'sse', summary: '翻译结果流（SSE）', body: translateRunBody, response: translateStreamEvent },
  stop: { method: 'POST', path: '/api/translate/stop', access: 'user', summary: '停止翻译', body: translateStopBody, response: z.null() },
  histories: { method: 'GET', path: '/api/translate/histories', access: 'user', summary: '翻译记录', response: translateHistoriesReply },
  delete: { method: 'POST', path: '/api/translate/delete', access: 'user', summary: '删除一条翻译记录', body: translateIdBody, response: z.null() },
});
