import { defineRoutes } from './define.ts';

export const opsRoutes = defineRoutes('ops', {
  exportMine: {
    method: 'GET',
    path: '/api/user/export',
    access: 'user',
    kind: 'file',
    summary: '导出我的全部对话与文档（一个 zip：每个对话、每个文档问答一份 Markdown，另附完整 JSON 与上传的原文件）',
  },
});
