import type { FastifyInstance } from 'fastify';
import { Code, type DeckSlide } from '@app/shared';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { listPptPackages, packageView, readBalance } from '../billing/public.ts';
import type { DeckWriter } from './generate.ts';
import type { OutlineTurns } from './outline.ts';
import { loadPictures } from './illustrate.ts';
import { officeCommand, pptxToPdf } from './pdf.ts';
import { buildPptx } from './pptx.ts';
import type { SlidesService } from './service.ts';
import { watchDeck } from './watch.ts';
import type { Jobs } from '../turns/public.ts';

const conflict = (message: string) => new AppError(Code.BAD_REQUEST, message, 409);

/** A file name for Content-Disposition: the deck's title, ASCII fallback plus RFC 5987 UTF-8. */
const disposition = (title: string, ext: string) => {
  const name = `${Array.from(title, (c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c)).join('').trim().slice(0, 60) || 'slides'}.${ext}`;
  return `attachment; filename="slides.${ext}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

export function slidesRoutes(app: FastifyInstance, ctx: AppContext, deps: { service: SlidesService; outline: OutlineTurns; writer: DeckWriter; jobs: Jobs }) {
  const r = routes.slides;
  const { service, outline, writer, jobs } = deps;

  route(app, r.packages, async ({ actor }) => {
    const list = (await listPptPackages(ctx.db)).map((p) => ({ ...packageView(p), ppt_count: p.pptCount }));
    const balance = actor ? ((await readBalance(ctx.db, actor.id, ctx.clock.now())).usePptToken ?? 0) : null;
    return ok({ list, balance });
  });

  route(app, r.outlineValidate, async ({ actor, body }) => ok(await outline.validate(actor, body)));
  // The outline stream resolves the token itself (the engine checks the session when it claims the turn).
  route(app, r.outline, async ({ req, query, reply }) => outline.open(req, query.secret, reply), { tokenLookup: 'handler' });
  route(app, r.outlineStop, async ({ actor, body }) => {
    await outline.stop(actor, body.secret);
    return ok(null, '已停止');
  });
  route(app, r.watch, async ({ actor, query, reply }) => watchDeck(ctx, service, jobs, actor.id, query.id, reply));

  route(app, r.saveOutline, async ({ actor, body }) => ok(await service.saveOutline(actor, body), '大纲已保存'));
  route(app, r.generate, async ({ actor, body }) => ok(await writer.start(actor, body.id), '已开始生成'));
  route(app, r.cancel, async ({ actor, body }) => ok(await writer.cancel(actor, body.id), '已停止生成'));
  route(app, r.theme, async ({ actor, body }) => ok(await service.setTheme(actor, body.id, body.theme), '主题已切换'));
  route(app, r.slide, async ({ actor, body }) => ok(await service.editSlide(actor, body), '已保存'));
  route(app, r.list, async ({ actor }) => ok({ list: await service.list(actor) }));
  route(app, r.view, async ({ actor, query }) => ok(await service.view(actor, query.id)));

  route(app, r.delete, async ({ actor, body }) => {
    const deck = await service.delete(actor, body.id);
    if (deck.status === 'generating' && deck.jobId) await writer.cancelJob(deck.jobId, actor.id);
    return ok(null, '删除成功');
  });

  route(app, r.export, async ({ actor, query, reply }) => {
    const deck = await service.require(actor, query.id);
    if (deck.status !== 'done') throw conflict('PPT 还没有生成完成，暂不能导出');
    if (query.format === 'pdf' && !officeCommand()) throw new AppError(Code.BAD_REQUEST, '服务器未安装 LibreOffice，暂不支持导出 PDF', 400);
    const slides = deck.slides.filter((s): s is DeckSlide => s !== null);
    const file = await buildPptx({ title: deck.title, language: deck.language, theme: deck.theme, slides, offline: deck.offline, pictures: await loadPictures(ctx, slides) });
    if (query.format === 'pdf') {
      const pdf = await pptxToPdf(file).catch((err: unknown) => {
        ctx.log.error({ err, deckId: deck.id }, 'slides: PDF conversion failed');
        throw new AppError(Code.SERVER_ERROR, 'PDF 转换失败，请下载 .pptx', 500);
      });
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', disposition(deck.title, 'pdf')).header('Cache-Control', 'no-store').send(pdf);
    }
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.presentationml.presentation')
      .header('Content-Disposition', disposition(deck.title, 'pptx'))
      .header('Cache-Control', 'no-store')
      .send(file);
  });
}
