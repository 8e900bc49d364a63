import type { FastifyReply } from 'fastify';
import type { DeckWatchEvent } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { streamJob, type Jobs } from '../turns/public.ts';
import type { DeckRow, SlidesService } from './service.ts';

/** How far a deck's slides got: the slots written of those planned (0 / 0 before a job ran). */
const progressOf = (d: DeckRow) => ({ status: d.status, written: d.slides.filter(Boolean).length, planned: d.status === 'outlining' || d.status === 'outline' ? 0 : d.slides.length });

/**
 * GET /api/aippt/deck/watch: the slides job's progress as SSE (the deck now, each section's
 * `progress`, then `job.end`), so the page does not poll; a deck without a running job gets its
 * snapshot and `job.end` at once. Reopened at any time (a reload, a cut connection).
 */
export async function watchDeck(ctx: AppContext, service: SlidesService, jobs: Jobs, userId: number, id: number, reply: FastifyReply) {
  const deck = await service.require({ id: userId }, id);
  const snapshot = async () => ({ ...progressOf(await service.require({ id: userId }, id)) });
  if (deck.status !== 'generating' || !deck.jobId) {
    reply.hijack();
    reply.raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
    const events: DeckWatchEvent[] = [
      { type: 'job.snapshot', ...progressOf(deck) },
      { type: 'job.end', status: deck.status, error: deck.errorText, charged: deck.charged },
    ];
    reply.raw.end(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
    return;
  }
  await streamJob(jobs, reply, deck.jobId, userId, snapshot, (err) => ctx.log.error({ err, deckId: id }, 'slides: watch failed'));
}
