import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  chatCreateBody,
  chatHistoriesQuery,
  chatHistoryDeleteBody,
  chatHistoryQuery,
  chatlogDelBody,
  chatlogDelByGroupBody,
  chatStopBody,
  chatStreamQuery,
  chatUploadImageFields,
  Code,
  groupDelAllBody,
  groupUpdateBody,
} from '@app/shared';
import { bearerToken, requireUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound, unauthorized } from '../../core/errors.ts';
import { sha256 } from '../../core/ids.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { ok } from '../../core/reply.ts';
import { parse } from '../../core/validate.ts';
import type { ModelCatalog } from '../models/service.ts';
import type { TurnEngine } from '../turns/service.ts';
import { bmpToPng } from './bmp.ts';
import { imageKey, sniffImage } from './images.ts';
import type { ChatService } from './service.ts';
import type { TurnRunner } from './stream.ts';

export interface ChatParts {
  chat: ChatService;
  runner: TurnRunner;
  live: TurnEngine['live'];
  catalog: ModelCatalog;
}

const bad = (field: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field, issues: [{ field, message }] });

export function chatRoutes(app: FastifyInstance, ctx: AppContext, { chat, runner, live, catalog }: ChatParts) {
  const caller = (req: FastifyRequest) => requireUser(ctx, req);

  app.post('/api/chat/create', async (req) => {
    const user = await caller(req);
    return ok(await chat.create(user, parse(chatCreateBody, req.body), sha256(bearerToken(req)!)));
  });

  app.get('/api/chat/stream', async (req, reply) => {
    if (!bearerToken(req)) throw unauthorized();
    const q = parse(chatStreamQuery, req.query);
    await runner.open(req, q.secret, reply);
  });

  app.post('/api/chat/stop', async (req) => {
    const user = await caller(req);
    const { secret } = parse(chatStopBody, req.body);
    if (!(await live.stop(secret, user.id))) throw notFound('没有进行中的回复');
    return ok(null, '已停止');
  });

  app.get('/api/chat/histories', async (req) => {
    const user = await caller(req);
    const { type } = parse(chatHistoriesQuery, req.query);
    return ok({ list: await chat.histories(user, type) });
  });

  app.get('/api/chat/history', async (req) => {
    const user = await caller(req);
    const { uuid } = parse(chatHistoryQuery, req.query);
    return ok({ list: await chat.history(user, uuid) });
  });

  app.post('/api/chat/history/delete', async (req) => {
    const user = await caller(req);
    await chat.deleteGroup(user, parse(chatHistoryDeleteBody, req.body).uuid);
    return ok(null, '删除成功');
  });

  app.post('/group/update', async (req) => {
    const user = await caller(req);
    return ok(await chat.updateGroup(user, parse(groupUpdateBody, req.body)), '修改成功');
  });

  app.post('/group/delAll', async (req) => {
    const user = await caller(req);
    return ok({ count: await chat.deleteAll(user, parse(groupDelAllBody, req.body).type) }, '删除成功');
  });

  app.post('/chatlog/del', async (req) => {
    const user = await caller(req);
    await chat.deleteMessage(user, parse(chatlogDelBody, req.body).id);
    return ok(null, '删除成功');
  });

  app.post('/chatlog/delByGroupId', async (req) => {
    const user = await caller(req);
    return ok({ count: await chat.clearGroup(user, parse(chatlogDelByGroupBody, req.body).groupId) }, '删除成功');
  });

  app.post('/api/chat/upload-image', async (req) => {
    const user = await caller(req);
    if (!req.isMultipart()) throw bad('file', '请以 multipart/form-data 上传图片');
    await limitOrThrow(ctx.kv, `chat-upload:${user.id}`, 60, 3600, '上传过于频繁，请稍后再试');
    const fields: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
    let file: Buffer | null = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (file) part.file.resume();
          else file = await part.toBuffer();
        } else if (part.fieldname === 'feature') {
          fields.feature = part.value;
        }
      }
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw bad('file', '图片不能超过5MB');
      throw e;
    }
    const { feature } = parse(chatUploadImageFields, fields);
    const model = await catalog.find(feature);
    if (!model) throw bad('feature', '该模型不存在或已停用，请重新选择');
    if (!model.vision) throw bad('feature', '当前模型不支持图片，请选择识图模型');
    if (!file?.length) throw bad('file', '请选择要上传的图片');
    let type = sniffImage(file);
    if (!type) throw bad('file', '仅支持 png、jpg、bmp 格式的图片');
    if (type.ext === 'bmp') {
      const png = bmpToPng(file);
      if (!png) throw bad('file', '图片已损坏，请重新选择');
      file = png;
      type = { mime: 'image/png', ext: 'png' };
    }
    const { url } = await ctx.storage.put(imageKey(user.id, ctx.clock.now(), type.ext), file, type.mime);
    return ok({ url, mime: type.mime, size: file.length }, '上传成功');
  });
}
