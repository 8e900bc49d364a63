import { z } from 'zod';
import { behaviorEvent, clientCreateBody, clientCreateReply, collectWebBody, inviteCodeReply, inviteRecordQuery, inviteRecordReply, signInLogQuery, signInLogReply, signInReply } from '../schemas/growth.ts';
import { defineRoutes } from './define.ts';

export const growthRoutes = defineRoutes('growth', {
  clientCreate: { method: 'POST', path: '/api/client/create', access: 'none', summary: '发放客户端标识 client_code', body: clientCreateBody, response: clientCreateReply },
  collectWeb: { method: 'POST', path: '/api/client/collect-web', access: 'guest', summary: '访问统计', body: collectWebBody, response: z.null() },
  behavior: { method: 'POST', path: '/api/user/behavior', access: 'guest', summary: '行为事件上报', body: behaviorEvent, response: z.null() },
  signIn: { method: 'POST', path: '/signin/sign', access: 'user', summary: '每日签到（按北京时间每天一次）', response: signInReply },
  inviteCode: { method: 'GET', path: '/user/genInviteCode', access: 'user', summary: '我的邀请码与邀请奖励', response: inviteCodeReply },
  inviteRecord: { method: 'GET', path: '/user/inviteRecord', access: 'user', summary: '邀请记录（分页）', query: inviteRecordQuery, response: inviteRecordReply },
  signInLog: { method: 'GET', path: '/signin/signinLog', access: 'user', summary: '签到日历（一个月）与连续签到天数', query: signInLogQuery, response: signInLogReply },
});
