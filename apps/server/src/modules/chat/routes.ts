import type { FastifyInstance } from 'fastify';
import { chatUploadImageFields, Code, isSafeText, UNSAFE_TEXT_MESSAGE } from '@app/shared';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { readMultipart } from '../../core/multipart.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { parse } from '../../core/validate.ts';
import type { ModelCatalog } from '../models/public.ts';
import type { TurnEngine } from '../turns/public.ts';
import { NO_SUCH_STEP, type ToolsService } from '../tools/public.ts';
import { pixelsMessage, storableImage } from '../../core/image-type.ts';
import { imageKey } from './images.ts';
import type { ChatService } from './service.ts';
import type { TurnRunner } from './stream.ts';

export interface ChatParts {
  chat: ChatService;
  runner: TurnRunner;
  live: TurnEngine['live'];
  catalog: ModelCatalog;
  tools: ToolsService | null;
}

const bad = (field: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field, issues: [{ field, message }] });

export function chatRoutes(app: FastifyInstance, ctx: AppContext, { chat, runner, live, catalog, tools }: ChatParts) {
  const r = routes.chat;

  route(app, r.create, async ({ actor, body }) => ok(await chat.create(actor, body)));

  // The engine checks the session itself when it claims the turn (one lookup, not two).
  route(app, r.stream, async ({ req, query, reply }) => runner.open(req, query.secret, reply), { tokenLookup: 'handler' });

  route(app, r.stop, async ({ actor, body }) => {
    if (!(await live.stop(body.secret, actor.id))) throw notFound('没有进行中的回复');
    return ok(null, '已停止');
  });

  route(app, r.histories, async ({ actor, query }) => ok({ list: await chat.histories(actor, query.type) }));
  route(app, r.tools, async ({ query }) => ok(await chat.toolOptions(query.feature)));
  // The user's yes or no to a call waiting for it, on whichever instance runs the turn; someone else's turn is an unknown one.
  route(app, r.toolConfirm, async ({ actor, body }) => {
    if (!tools || !(await live.owns(body.secret, actor.id))) throw notFound(NO_SUCH_STEP);
    await tools.confirmations.answer(body.secret, body.id, body.allow);
    return ok(null, body.allow ? '已允许' : '已拒绝');
  });
  route(app, r.history, async ({ actor, query }) => ok(await chat.history(actor, query.uuid)));
  route(app, r.branch, async ({ actor, body }) => ok(await chat.switchBranch(actor, body)));

  route(app, r.historyDelete, async ({ actor, body }) => {
    await chat.deleteGroup(actor, body.uuid);
    return ok(null, '删除成功');
  });

  route(app, r.groupUpdate, async ({ actor, body }) => ok(await chat.updateGroup(actor, body), '修改成功'));
  route(app, r.groupDelAll, async ({ actor, body }) => ok({ count: await chat.deleteAll(actor, body.type) }, '删除成功'));

  route(app, r.messageDelete, async ({ actor, body }) => {
    await chat.deleteMessage(actor, body.id);
    return ok(null, '删除成功');
  });

  route(app, r.messagesClear, async ({ actor, body }) => ok({ count: await chat.clearGroup(actor, body.groupId) }, '删除成功'));

  route(app, r.uploadImage, async ({ req, actor: user, query }) => {
    await limitOrThrow(ctx.kv, `chat-upload:${user.id}`, 60, 3600, '上传过于频繁，请稍后再试');
    const fields: Record<string, unknown> = { ...query };
    let file = null as Buffer | null;
    await readMultipart(req, { notMultipart: '请以 multipart/form-data 上传图片', tooLarge: '图片不能超过5MB', tooMany: '一次只能上传一张图片' }, async (part) => {
      if (part.type === 'file') {
        if (file) part.file.resume();
        else file = await part.toBuffer();
      } else if (part.fieldname === 'feature') {
        fields.feature = part.value;
        if (typeof part.value === 'string' && !isSafeText(part.value)) throw bad('feature', UNSAFE_TEXT_MESSAGE);
      }
    });
    // Multipart fields arrive inside the handler, so they are checked here against the shared schema.
    const { feature } = parse(chatUploadImageFields, fields);
    const model = await catalog.find(feature);
    if (!model) throw bad('feature', '该模型不存在或已停用，请重新选择');
    if (!model.vision) throw bad('feature', '当前模型不支持图片，请选择识图模型');
    if (!file?.length) throw bad('file', '请选择要上传的图片');
    const image = storableImage(file);
    if (image === 'type') throw bad('file', '仅支持 png、jpg、bmp 格式的图片');
    if (image === 'broken') throw bad('file', '图片已损坏，请重新选择');
    if (image === 'pixels') throw bad('file', pixelsMessage());
    const { type } = image;
    file = image.file;
    const { url } = await ctx.storage.put(imageKey(user.id, ctx.clock.now(), type.ext), file, type.mime);
    return ok({ url, mime: type.mime, size: file.length }, '上传成功');
  });
}
