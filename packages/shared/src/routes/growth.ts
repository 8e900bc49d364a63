import { z } from 'zod';
import { behaviorEvent, clientCreateBody, clientCreateReply, collectWebBody } from '../schemas/growth.ts';
import { defineRoutes } from './define.ts';

export const growthRoutes = defineRoutes('growth', {
  clientCreate: { method: 'POST', path: '/api/client/create', access: 'none', summary: '发放客户端标识 client_code', body: clientCreateBody, response: clientCreateReply },
  collectWeb: { method: 'POST', path: '/api/client/collect-web', access: 'guest', summary: '访问统计', body: collectWebBody, response: z.null() },
  behavior: { method: 'POST', path: '/api/user/behavior', access: 'guest', summary: '行为事件上报', body: behaviorEvent, response: z.null() },
});
