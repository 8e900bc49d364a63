import type { FastifyInstance } from 'fastify';
import { FEEDBACK_MAX_IMAGES, feedbackCreateFields, isSafeText, UNSAFE_TEXT_MESSAGE } from '@app/shared';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors.ts';
import { pixelsMessage, storableImage } from '../../core/image-type.ts';
import { readMultipart } from '../../core/multipart.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { parse } from '../../core/validate.ts';
import { CardKeyService } from './card-keys.ts';
import { FeedbackService } from './feedback.ts';

const r = routes.support;

/** Feedback and card keys: the user centre's calls and the console's. */
export function supportRoutes(app: FastifyInstance, ctx: AppContext) {
  const feedback = new FeedbackService(ctx);
  const cards = new CardKeyService(ctx);

  route(app, r.feedbackCreate, async ({ req, actor }) => {
    await limitOrThrow(ctx.kv, `feedback:${actor.id}`, 10, 3600, '反馈提交过于频繁，请稍后再试');
    const fields: Record<string, unknown> = {};
    const files: Buffer[] = [];
    const tooMany = `最多上传${FEEDBACK_MAX_IMAGES}张图片`;
    await readMultipart(req, { notMultipart: '请以 multipart/form-data 提交反馈', tooLarge: '每张图片不能超过5MB', tooMany }, async (part) => {
      if (part.type === 'file') {
        if (files.length >= FEEDBACK_MAX_IMAGES) throw badRequest(tooMany);
        const buf = await part.toBuffer();
        if (buf.length) files.push(buf);
      } else if (part.fieldname === 'content') {
        if (typeof part.value === 'string' && !isSafeText(part.value)) throw badRequest(UNSAFE_TEXT_MESSAGE);
        fields.content = part.value;
      }
    });
    const { content } = parse(feedbackCreateFields, fields);
    // Every picture is checked before any is stored, so a bad third image leaves nothing behind.
    const images = files.map((f) => storableImage(f));
    if (images.includes('type')) throw badRequest('仅支持 png、jpg、bmp 格式的图片');
    if (images.includes('broken')) throw badRequest('图片已损坏，请重新选择');
    if (images.includes('pixels')) throw badRequest(pixelsMessage());
    const urls: string[] = [];
    for (const img of images as Exclude<(typeof images)[number], string>[]) {
      urls.push((await ctx.storage.put(feedback.imageKey(actor.id, img.type.ext), img.file, img.type.mime)).url);
    }
    return ok(await feedback.create(actor.id, content, urls), '提交成功，感谢您的反馈');
  });
  route(app, r.feedbackList, async ({ actor, query }) => ok(await feedback.list(actor.id, query.page, query.size)));
  route(app, r.feedbackThread, async ({ actor, query }) => ok(await feedback.thread(actor.id, query.id)));
  route(app, r.feedbackReply, async ({ actor, body }) => {
    await limitOrThrow(ctx.kv, `feedback-reply:${actor.id}`, 30, 3600, '回复过于频繁，请稍后再试');
    return ok(await feedback.followUp(actor.id, body.id, body.content), '回复成功');
  });

  route(app, r.cardRedeem, async ({ req, actor, body }) => ok(await cards.redeem(actor.id, req.ip, body.code), '兑换成功'));
  route(app, r.cardRedeemed, async ({ actor }) => ok(await cards.mine(actor.id)));

  route(app, r.adminFeedbackList, async ({ query }) => ok(await feedback.adminList(query.page, query.size, query.awaiting === '1')));
  route(app, r.adminFeedbackThread, async ({ params }) => ok(await feedback.adminThread(params.id)));
  route(app, r.adminFeedbackReply, async ({ req, actor, body }) => ok(await feedback.answer(actor.id, body.id, body.content, req.ip), '回复成功'));
  route(app, r.adminCardBatchCreate, async ({ req, actor, body }) => ok(await cards.createBatch(actor.id, body, req.ip), '生成成功'));
  route(app, r.adminCardBatchList, async () => ok(await cards.batches()));
  route(app, r.adminCardBatchKeys, async ({ params }) => ok(await cards.keys(params.id)));
  route(app, r.adminCardBatchCsv, async ({ params, reply }) => {
    const csv = await cards.csv(params.id);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="card-keys-${params.id}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
  route(app, r.adminCardBatchVoid, async ({ req, actor, params }) => ok(await cards.void(actor.id, params.id, req.ip), '已作废'));
}
