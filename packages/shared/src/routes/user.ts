import { balanceReply, userInfo, userUpdateBody, userUpdateReply } from '../schemas/user.ts';
import { defineRoutes } from './define.ts';

export const userRoutes = defineRoutes('user', {
  info: { method: 'GET', path: '/api/user/info', access: 'user', summary: '当前用户信息', response: userInfo },
  balance: { method: 'GET', path: '/balance/query', access: 'user', summary: '余额（基础与会员额度）', response: balanceReply },
  update: { method: 'POST', path: '/user/update', access: 'user', summary: '修改昵称、头像或密码', body: userUpdateBody, response: userUpdateReply },
});
