import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { Models } from '../models/service.ts';
import { drawRoutes } from './routes.ts';
import { DrawService, type DrawProviders } from './service.ts';

/** How often each instance moves unfinished Midjourney tasks on (polling is the notify hook's fallback). */
const SWEEP_EVERY_MS = 3000;

export interface DrawModuleOptions extends DrawProviders {
  /** 0: no timer (tests call sweep themselves). */
  sweepEveryMs?: number;
}

export function registerDraw(app: FastifyInstance, ctx: AppContext, models: Models, opts: DrawModuleOptions = {}) {
  const draw = new DrawService(ctx, models, opts);
  drawRoutes(app, ctx, draw);
  const every = opts.sweepEveryMs ?? SWEEP_EVERY_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  if (every > 0) {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = draw.sweep().catch((err: unknown) => ctx.log.warn({ err }, 'draw: sweep failed')).finally(() => (running = null));
      }, every);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  }
  return draw;
}
