import type { FastifyReply } from 'fastify';
import type { JobEvent, JobRunner } from './jobs.ts';
import { SseWriter } from './sse-writer.ts';

const PING_EVERY_MS = 15_000;

/**
 * A job's progress as an SSE reply: the caller's `snapshot` first (read after the watch began,
 * so no event falls between the two), then every event its steps publish, then the closing
 * `job.end`. A job that has ended gets its snapshot and `job.end` at once. The client may go
 * away at any time: the job goes on, and a new stream picks it up where it is.
 */
export async function streamJob(
  jobs: JobRunner,
  reply: FastifyReply,
  id: number,
  userId: number,
  snapshot: () => Promise<JobEvent>,
  onError?: (err: unknown) => void,
): Promise<void> {
  reply.hijack();
  let unwatch = () => {};
  let pinger: NodeJS.Timeout | null = null;
  const close = () => {
    unwatch();
    if (pinger) clearInterval(pinger);
  };
  const sse = new SseWriter(reply.raw, close);
  const queued: JobEvent[] = [];
  let ready = false;
  let ended = false;
  const forward = (event: JobEvent) => {
    if (ended) return;
    void sse.send(event as { type: string });
    if (event.type === 'job.end') {
      ended = true;
      close();
      sse.end();
    }
  };
  unwatch = jobs.watch(id, (event) => (ready ? forward(event) : queued.push(event)));
  pinger = setInterval(() => sse.ping(), PING_EVERY_MS);
  pinger.unref();
  try {
    // The caller checked the job is this user's; checked again here so a stream never shows another's.
    const view = await jobs.get(id, userId);
    if (!view) return forward({ type: 'job.end', status: 'failed', error: '任务不存在', charged: 0 });
    forward({ type: 'job.snapshot', ...(await snapshot()) });
    if (view.status !== 'running') forward({ type: 'job.end', status: view.status, error: view.error, charged: view.charged });
    ready = true;
    for (const event of queued.splice(0)) forward(event);
  } catch (e) {
    onError?.(e);
    forward({ type: 'job.end', status: 'failed', error: '读取任务进度失败，请刷新重试', charged: 0 });
  }
}
