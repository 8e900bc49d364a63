import { z } from 'zod';
import {
  documentActionsReply,
  documentAddBody,
  documentAddReply,
  documentAskBody,
  documentAskValidateBody,
  documentAskValidateReply,
  documentHistoriesReply,
  documentHistoryReply,
  documentLanguagesReply,
  documentPreAddQuery,
  documentPreAddReply,
  documentQueryReply,
  documentStopBody,
  documentStreamEvent,
  documentToken,
  documentTokenBody,
  documentTokenQuery,
  uploadSignatureQuery,
  uploadSignatureReply,
} from '../schemas/document.ts';
import { defineRoutes } from './define.ts';

export const documentHistoryParams = z.object({ uuid: documentToken });

export const documentRoutes = defineRoutes('document', {
  actions: { method: 'GET', path: '/api/document/actions', access: 'guest', summary: '文档动作与可上传类型', response: documentActionsReply },
  languages: { method: 'GET', path: '/api/document/language', access: 'none', summary: '回答语言', response: documentLanguagesReply },
  preAdd: { method: 'GET', path: '/api/document/pre_add', access: 'user', summary: '上传前检查', query: documentPreAddQuery, response: documentPreAddReply },
  signature: { method: 'GET', path: '/api/cos/signature', access: 'user', summary: '上传凭证（5 MB 分片的预签名地址）', query: uploadSignatureQuery, response: uploadSignatureReply },
  add: { method: 'POST', path: '/api/document/add', access: 'user', summary: '登记已上传的文件并开始解析', body: documentAddBody, response: documentAddReply },
  query: { method: 'GET', path: '/api/document/query', access: 'user', summary: '解析状态', query: documentTokenQuery, response: documentQueryReply },
  histories: { method: 'GET', path: '/api/document/histories', access: 'user', summary: '我的文档', response: documentHistoriesReply },
  history: { method: 'GET', path: '/api/document/history/:uuid', access: 'user', summary: '一个文档的问答记录', params: documentHistoryParams, response: documentHistoryReply },
  delete: { method: 'POST', path: '/api/document/delete', access: 'user', summary: '删除文档', body: documentTokenBody, response: z.null() },
  askValidate: {
    method: 'POST',
    path: '/api/document/ask/validate',
    access: 'user',
    moderate: ['question'],
    summary: '文档提问的准备：检查并返回 secret',
    body: documentAskValidateBody,
    response: documentAskValidateReply,
  },
  ask: { method: 'POST', path: '/api/document/ask', access: 'user', kind: 'sse', summary: '文档回答流（SSE）', body: documentAskBody, response: documentStreamEvent },
  stop: { method: 'POST', path: '/api/document/stop', access: 'user', summary: '停止文档回答', body: documentStopBody, response: z.null() },
});
