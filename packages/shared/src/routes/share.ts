import {
  shareCreateBody,
  shareCreateReply,
  shareMineReply,
  shareRevokeBody,
  shareTokenParams,
  shareViewReply,
} from '../schemas/share.ts';
import { z } from 'zod';
import { defineRoutes } from './define.ts';

/** Share links: a read-only public snapshot of a conversation at `/s/<token>`. */
export const shareRoutes = defineRoutes('share', {
  create: { method: 'POST', path: '/api/share/create', access: 'user', summary: '分享一个对话（整个或到某条消息为止），返回公开链接', body: shareCreateBody, response: shareCreateReply },
  mine: { method: 'GET', path: '/api/share/mine', access: 'user', summary: '我的分享（含浏览次数与是否已撤销）', response: shareMineReply },
  revoke: { method: 'POST', path: '/api/share/revoke', access: 'user', summary: '撤销我的一个分享', body: shareRevokeBody, response: z.null() },
  view: { method: 'GET', path: '/api/share/view/:token', access: 'none', summary: '公开读取一个分享（无需登录；已撤销或不存在为 404）', params: shareTokenParams, response: shareViewReply },
  page: {
    method: 'GET',
    path: '/s/:token',
    access: 'none',
    kind: 'html',
    summary: '分享页：网页应用，带该分享的标题与描述（链接预览）',
    params: shareTokenParams,
  },
  artifactFrame: {
    method: 'GET',
    path: '/artifact-frame',
    access: 'none',
    kind: 'html',
    summary: '代码块预览的沙箱页：在无同源的 iframe 中运行父页面送入的 HTML（脚本可运行，不能联网）',
  },
});
