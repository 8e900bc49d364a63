import { turnResumeEvent, turnResumeQuery } from '../schemas/turns.ts';
import { defineRoutes } from './define.ts';

export const turnsRoutes = defineRoutes('turns', {
  resume: {
    method: 'GET',
    path: '/api/turns/resume',
    access: 'user',
    kind: 'sse',
    summary: '重新接上进行中的回复（首个事件为已生成的全文，之后同原始流）',
    query: turnResumeQuery,
    response: turnResumeEvent,
  },
});
