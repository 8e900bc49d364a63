import { z } from 'zod';
import { defineRoutes } from './define.ts';

export const uploadFileParams = z.object({ '*': z.string().max(1024) });
export const uploadPartParams = z.object({
  uploadId: z.string().min(1).max(128),
  partNumber: z.string().min(1).max(16),
});
export const uploadPartQuery = z.object({ expires: z.string().max(32).optional(), signature: z.string().max(256).optional() });
export const uploadPartReply = z.object({ part_number: z.number(), etag: z.string() });

export const filesRoutes = defineRoutes('files', {
  file: { method: 'GET', path: '/uploads/*', access: 'none', kind: 'file', when: 'local storage', summary: '本地存储的公开文件', params: uploadFileParams },
  uploadPart: {
    method: 'PUT',
    path: '/api/cos/upload/:uploadId/:partNumber',
    access: 'none',
    when: 'local storage',
    contentType: 'application/octet-stream',
    summary: '上传一个分片（预签名地址即凭证）',
    params: uploadPartParams,
    query: uploadPartQuery,
    response: uploadPartReply,
  },
});
