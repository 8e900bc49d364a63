import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Code } from '@app/shared';
import { AppError } from '../../core/errors.ts';
import { balanceLedger, jobs, turns } from '../../db/schema/index.ts';
import { getBalance, setBalance, userIdOf, waitFor } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { streamJob } from './job-stream.ts';
import type { JobEvent, JobHandler, JobRun, JobStep } from './jobs.ts';

type S = { n: number; log?: string[] };

let t: TestApp;
let alice: string;
let aliceId: number;
let bobId: number;
const fast = { jobs: { pollMs: 20 } };

/** A handler whose every step is decided by the test (`script`), counting the steps it ran. */
function scripted(kind: string, script: (run: JobRun<S>) => Promise<JobStep<S>>, extra: Partial<JobHandler<S>> = {}) {
  const ended: { id: number; status: string; charged: number; state: S }[] = [];
  let steps = 0;
  const handler: JobHandler<S> = {
    kind,
    ...extra,
    step: async (run) => {
      steps++;
      return script(run);
    },
    onEnd: async (_tx, job) => void ended.push({ id: job.id, status: job.status, charged: job.charged, state: job.state }),
  };
  return { handler, ended, steps: () => steps };
}

const jobRow = async (id: number) => (await t.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const holdOf = async (id: number) => (await t.ctx.db.select().from(turns).where(eq(turns.id, (await jobRow(id)).holdId!)))[0]!;
const untilEnded = (id: number) => waitFor(async () => (await jobRow(id)).status !== 'running');
const drawOf = async (userId: number) => {
  const b = await getBalance(t, userId);
  return b.baseDraw + b.memberDraw;
};

beforeAll(async () => {
  t = await createTestApp({ turns: fast });
  alice = await t.loginByPhone('13500000081');
  aliceId = await userIdOf(t, alice);
  bobId = await userIdOf(t, await t.loginByPhone('13500000082'));
});
afterAll(async () => {
  await t.close();
});

async function setDraw(userId: number, draw: number) {
  await setBalance(t, userId, {});
  await t.ctx.db.execute(`update balances set base_draw = ${draw}, member_draw = 0 where user_id = ${userId}`);
}

describe('durable jobs', () => {
  it('steps a job to its end, publishes its events, charges the hold once and tells onEnd', async () => {
    await setDraw(aliceId, 5);
    const s = scripted('test.count', async (run) => {
      run.publish({ type: 'progress', n: run.state.n });
      if (run.state.n < 2) return { state: { n: run.state.n + 1 }, next: 'continue' };
      return { state: { n: 3 }, next: 'done' };
    });
    t.turns.jobs.register(s.handler);
    const events: JobEvent[] = [];
    const id = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.count', state: { n: 0 }, price: { pool: 'draw', cost: 2, label: '测试任务' } });
    const off = t.turns.jobs.watch(id, (e) => events.push(e));
    await untilEnded(id);
    await waitFor(async () => events.some((e) => e.type === 'job.end'));
    off();
    expect(await jobRow(id)).toMatchObject({ status: 'done', charged: 2, state: { n: 3 } });
    expect(await holdOf(id)).toMatchObject({ status: 'settled', charged: 2 });
    expect(await drawOf(aliceId)).toBe(3);
    expect(s.ended).toEqual([{ id, status: 'done', charged: 2, state: { n: 3 } }]);
    expect(events.at(-1)).toEqual({ type: 'job.end', status: 'done', error: null, charged: 2 });
    const ledger = await t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, aliceId), eq(balanceLedger.ref, `job:${id}`)));
    expect(ledger.map((r) => [r.type, r.draw, r.note])).toEqual([['usage', -2, '测试任务']]);
    expect(await t.turns.jobs.get(id, aliceId)).toMatchObject({ id, status: 'done', state: { n: 3 }, charged: 2 });
    expect(await t.turns.jobs.get(id, bobId)).toBeNull();
  });

  it('refuses a job the balance cannot pay with the pool’s code, writing nothing; running jobs’ holds count', async () => {
    await setDraw(aliceId, 3);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const s = scripted('test.gate', async (run) => {
      await gate;
      return { state: run.state, next: 'done' };
    });
    t.turns.jobs.register(s.handler);
    const price = { pool: 'draw' as const, cost: 2, label: '测试' };
    const began: number[] = [];
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.gate', state: { n: 0 }, price, begin: async (_tx, jobId) => void began.push(jobId) })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r).reason).toBeInstanceOf(AppError);
      expect(((r).reason as AppError).code).toBe(Code.BALANCE_DRAW);
    }
    expect(began).toEqual([(ok[0] as PromiseFulfilledResult<number>).value]);
    expect((await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'test.gate'))).length).toBe(1);
    release();
    await untilEnded((ok[0] as PromiseFulfilledResult<number>).value);
    expect(await drawOf(aliceId)).toBe(1);
  });

  it('a failing step is retried with backoff, then the job fails: nothing charged, the hold released', async () => {
    await setDraw(aliceId, 4);
    const attempts: number[] = [];
    const s = scripted(
      'test.flaky',
      async (run) => {
        attempts.push(run.attempt);
        throw new Error('upstream down');
      },
      { retries: 2 },
    );
    t.turns.jobs.register(s.handler);
    const id = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.flaky', state: { n: 0 }, price: { pool: 'draw', cost: 4, label: '测试' } });
    await waitFor(async () => attempts.length === 1);
    // The retry waits its backoff (2 s, then 8 s) on the clock.
    await new Promise((r) => setTimeout(r, 80));
    expect(attempts).toEqual([0]);
    t.clock.advance(2_000);
    await waitFor(async () => attempts.length === 2);
    t.clock.advance(8_000);
    await untilEnded(id);
    expect(attempts).toEqual([0, 1, 2]);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', charged: 0, error: '任务失败，已退还额度，请稍后重试' });
    expect(await holdOf(id)).toMatchObject({ status: 'released', charged: 0 });
    expect(await drawOf(aliceId)).toBe(4);
    expect(s.ended.map((e) => e.status)).toEqual(['failed']);
  });

  it('charges what the job says, never more than it held; a failed job may charge for what it delivered', async () => {
    await setDraw(aliceId, 10);
    const s = scripted('test.partial', async (run) =>
      run.state.n === 1 ? { state: run.state, next: 'done', charge: 99 } : { state: run.state, next: 'failed', error: '第二章失败', charge: 1 },
    );
    t.turns.jobs.register(s.handler);
    const a = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.partial', state: { n: 1 }, price: { pool: 'draw', cost: 3, label: '测试' } });
    const b = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.partial', state: { n: 2 }, price: { pool: 'draw', cost: 3, label: '测试' } });
    await untilEnded(a);
    await untilEnded(b);
    expect(await jobRow(a)).toMatchObject({ status: 'done', charged: 3 });
    expect(await jobRow(b)).toMatchObject({ status: 'failed', charged: 1, error: '第二章失败' });
    expect(await drawOf(aliceId)).toBe(6);
  });

  it('waits on the clock, and a wake runs the next step at once', async () => {
    const s = scripted('test.wait', async (run) => (run.state.n === 0 ? { state: { n: 1 }, next: 'wait', delayMs: 3_600_000 } : { state: { n: 2 }, next: 'done' }));
    t.turns.jobs.register(s.handler);
    const id = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.wait', state: { n: 0 } });
    await waitFor(async () => (await jobRow(id)).state.n === 1);
    await new Promise((r) => setTimeout(r, 80));
    expect((await jobRow(id)).status).toBe('running');
    await t.turns.jobs.wake(id);
    await untilEnded(id);
    expect(await jobRow(id)).toMatchObject({ status: 'done', state: { n: 2 }, holdId: null });
    expect(s.steps()).toBe(2);
  });

  it('fails a job past its timeout and refunds it', async () => {
    await setDraw(aliceId, 2);
    const s = scripted('test.slow', async (run) => ({ state: run.state, next: 'wait', delayMs: 60_000 }), { timeoutMs: 10 * 60_000 });
    t.turns.jobs.register(s.handler);
    const id = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.slow', state: { n: 0 }, price: { pool: 'draw', cost: 2, label: '测试' } });
    await waitFor(async () => s.steps() === 1);
    t.clock.advance(11 * 60_000);
    await untilEnded(id);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', error: '任务超时，已退还额度', charged: 0 });
    expect(s.steps()).toBe(1);
    expect(await drawOf(aliceId)).toBe(2);
  });

  it('a job the runner ends by itself (timed out, failing past its retries) charges what the feature says it delivered', async () => {
    await setDraw(aliceId, 5);
    const s = scripted('test.delivers', async (run) => (run.state.n >= 1 ? Promise.reject(new Error('upstream down')) : { state: { n: 1 }, next: 'wait', delayMs: 60_000 }), {
      timeoutMs: 30_000,
      retries: 0,
      delivered: (state) => state.n * 2,
    });
    t.turns.jobs.register(s.handler);
    const id = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.delivers', state: { n: 0 }, price: { pool: 'draw', cost: 3, label: '测试' } });
    await waitFor(async () => (await jobRow(id)).state.n === 1);
    t.clock.advance(31_000);
    await t.turns.jobs.wake(id);
    await untilEnded(id);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', charged: 2, error: '任务超时，已完成的部分已计费，其余额度已退还' });
    expect(await drawOf(aliceId)).toBe(3);
    // A step failing past its retries: the same.
    const again = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.delivers', state: { n: 1 }, price: { pool: 'draw', cost: 3, label: '测试' } });
    await untilEnded(again);
    expect(await jobRow(again)).toMatchObject({ status: 'failed', charged: 2, error: '任务失败，已完成的部分已计费，其余额度已退还' });
    expect(await drawOf(aliceId)).toBe(1);
  });

  it('cancels only the owner’s running job; the step in flight is aborted and what it returns is ignored', async () => {
    await setDraw(aliceId, 2);
    let aborted = false;
    const s = scripted('test.cancel', async (run: JobRun<S>) => {
      await new Promise<void>((r) => run.signal.addEventListener('abort', () => r()));
      aborted = true;
      return { state: run.state, next: 'done' };
    });
    t.turns.jobs.register(s.handler);
    const id = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.cancel', state: { n: 0 }, price: { pool: 'draw', cost: 2, label: '测试' } });
    await waitFor(async () => s.steps() === 1);
    expect(await t.turns.jobs.cancel(id, bobId)).toBe(false);
    expect(await t.turns.jobs.cancel(id, aliceId)).toBe(true);
    expect(await t.turns.jobs.cancel(id, aliceId)).toBe(false);
    await waitFor(async () => aborted);
    expect(await jobRow(id)).toMatchObject({ status: 'cancelled', charged: 0 });
    expect(await holdOf(id)).toMatchObject({ status: 'released' });
    expect(await drawOf(aliceId)).toBe(2);
    expect(s.ended.map((e) => e.status)).toEqual(['cancelled']);
  });

  it('a job whose instance died is taken over once its claim lapses, and charged once', async () => {
    await setDraw(aliceId, 2);
    const other = await createTestApp({ shareWith: t, turns: fast });
    try {
      let hang!: () => void;
      const stuck = new Promise<void>((r) => (hang = r));
      const ranOn: string[] = [];
      // One at a time per instance: the stuck first instance cannot take its own lapsed job again.
      const make = (name: string) =>
        scripted(
          'test.takeover',
          async () => {
            ranOn.push(name);
            if (name === 'first') await stuck;
            return { state: { n: 9 }, next: 'done' };
          },
          { concurrency: 1 },
        );
      const first = make('first');
      t.turns.jobs.register(first.handler);
      const id = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.takeover', state: { n: 0 }, price: { pool: 'draw', cost: 2, label: '测试' } });
      await waitFor(async () => ranOn.length === 1);
      expect(ranOn).toEqual(['first']);
      // The second instance sees the claim alive, then lapsed (the first instance "died" mid-step).
      const second = make('second');
      other.turns.jobs.register(second.handler);
      await new Promise((r) => setTimeout(r, 80));
      expect(ranOn).toEqual(['first']);
      t.clock.advance(31_000);
      await untilEnded(id);
      expect(ranOn).toEqual(['first', 'second']);
      // The first instance's step comes back late: it changes nothing.
      hang();
      await new Promise((r) => setTimeout(r, 80));
      expect(await jobRow(id)).toMatchObject({ status: 'done', charged: 2, state: { n: 9 } });
      expect(await drawOf(aliceId)).toBe(0);
      expect([...first.ended, ...second.ended]).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('a step that takes its process down twice fails the job: the hold goes back, the user is told why', async () => {
    await setDraw(aliceId, 2);
    const second = await createTestApp({ shareWith: t, turns: fast });
    const third = await createTestApp({ shareWith: t, turns: fast });
    try {
      // (Each instance steps one job of this kind at a time, so a stuck one cannot take its own lapsed job again.)
      // A step that never returns stands for a process that died in it (a decoder crash): its claim lapses.
      const ranOn: string[] = [];
      const dies = (name: string) =>
        scripted('test.crashes', async (run) => (ranOn.push(name), new Promise<never>((_, reject) => run.signal.addEventListener('abort', () => reject(new Error('stopped'))))), { concurrency: 1 });
      const s1 = dies('first');
      t.turns.jobs.register(s1.handler);
      const id = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.crashes', state: { n: 0 }, price: { pool: 'draw', cost: 2, label: '测试' } });
      await waitFor(async () => ranOn.length === 1);
      expect(await drawOf(aliceId)).toBe(2);
      second.turns.jobs.register(dies('second').handler);
      t.clock.advance(31_000);
      await waitFor(async () => ranOn.length === 2);
      expect(await jobRow(id)).toMatchObject({ status: 'running', lapses: 1 });
      const s3 = dies('third');
      third.turns.jobs.register(s3.handler);
      t.clock.advance(31_000);
      await untilEnded(id);
      // The third claim ends it without stepping again.
      expect(ranOn).toEqual(['first', 'second']);
      expect(await jobRow(id)).toMatchObject({ status: 'failed', charged: 0, error: '处理该任务时服务两次意外中断，任务已停止，已退还额度' });
      expect(await holdOf(id)).toMatchObject({ status: 'released', charged: 0 });
      expect(s3.ended).toEqual([{ id, status: 'failed', charged: 0, state: { n: 0 } }]);
      // Nothing was charged, and nothing stays held: the whole balance pays again.
      expect(await drawOf(aliceId)).toBe(2);
      const again = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.crashes', state: { n: 0 }, price: { pool: 'draw', cost: 2, label: '测试' } });
      expect(again).toBeGreaterThan(id);
      await t.turns.jobs.cancel(again, aliceId);
    } finally {
      await second.close();
      await third.close();
    }
  });

  it('a lapse is forgotten once a step returns: a job is failed only for lapses in a row', async () => {
    await setDraw(aliceId, 2);
    const other = await createTestApp({ shareWith: t, turns: fast });
    try {
      let steps = 0;
      const make = (hangFirst: boolean) =>
        scripted(
          'test.lapse-once',
          async (run) => {
            steps++;
            if (hangFirst && steps === 1) return new Promise<never>((_, reject) => run.signal.addEventListener('abort', () => reject(new Error('stopped'))));
            return run.state.n < 2 ? { state: { n: run.state.n + 1 }, next: 'continue' } : { state: { n: 9 }, next: 'done' };
          },
          { concurrency: 1 },
        );
      t.turns.jobs.register(make(true).handler);
      const id = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.lapse-once', state: { n: 0 }, price: { pool: 'draw', cost: 2, label: '测试' } });
      await waitFor(async () => steps === 1);
      other.turns.jobs.register(make(false).handler);
      t.clock.advance(31_000);
      await untilEnded(id);
      expect(await jobRow(id)).toMatchObject({ status: 'done', charged: 2, lapses: 0 });
    } finally {
      await other.close();
    }
  });

  it('two instances polling the same table never run one step twice', async () => {
    const other = await createTestApp({ shareWith: t, turns: fast });
    try {
      const seen = new Map<number, number>();
      const make = () =>
        scripted(
          'test.once',
          async (run) => {
            seen.set(run.id, (seen.get(run.id) ?? 0) + 1);
            await new Promise((r) => setTimeout(r, 5));
            return { state: run.state, next: 'done' };
          },
          { concurrency: 3 },
        );
      t.turns.jobs.register(make().handler);
      other.turns.jobs.register(make().handler);
      const ids = await Promise.all(Array.from({ length: 24 }, (_, i) => t.turns.jobs.submit<S>({ userId: i % 2 ? aliceId : bobId, kind: 'test.once', state: { n: i } })));
      for (const id of ids) await untilEnded(id);
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
      expect(seen.size).toBe(24);
    } finally {
      await other.close();
    }
  });

  it('a step that outlasts its lease is not started a second time by the instance driving it', async () => {
    let running = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const s = scripted('test.long', async (run) => {
      most = Math.max(most, ++running);
      await gate;
      running--;
      return { state: run.state, next: 'done' };
    });
    t.turns.jobs.register(s.handler);
    const id = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.long', state: { n: 0 } });
    await waitFor(() => running === 1);
    t.clock.advance(t.turns.jobs.leaseMs + 1_000); // the claim lapses on the clock while the step still runs
    await new Promise((r) => setTimeout(r, 10 * t.turns.jobs.pollMs));
    release();
    await untilEnded(id);
    expect(most).toBe(1);
    expect(s.steps()).toBe(1);
    expect(s.ended.map((e) => e.status)).toEqual(['done']);
  });

  it('an instance closing while it claims gives the claimed job back instead of stepping it', async () => {
    const other = await createTestApp({ shareWith: t, turns: fast });
    const stepped: string[] = [];
    const make = (who: string) => scripted('test.handover', async (run) => {
      stepped.push(who);
      return { state: run.state, next: 'done' };
    });
    await t.turns.jobs.close();
    try {
      other.turns.jobs.register(make('other').handler);
      t.turns.jobs.register(make('t').handler);
      // Close `other` at once after a submit: its pump is claiming when close() begins.
      const id = await other.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.handover', state: { n: 0 } });
      await other.close();
      const row = await jobRow(id);
      // Either it ran to its end before close returned, or it is free for another instance: never held by a closed one.
      if (row.status === 'running') expect(row.owner).toBeNull();
      await t.turns.jobs.start();
      await untilEnded(id);
      expect(stepped.length).toBe(1);
    } finally {
      await other.close();
      await t.turns.jobs.start(); // idempotent
    }
  });

  it('streams a job to the page: the snapshot, its events, the end; an ended job at once; another user’s never', async () => {
    let go!: () => void;
    const gate = new Promise<void>((r) => (go = r));
    const s = scripted('test.stream', async (run) => {
      run.publish({ type: 'progress', percent: 50 });
      await gate;
      return { state: { n: 1 }, next: 'done' };
    });
    t.turns.jobs.register(s.handler);
    const id = await t.turns.jobs.submit<S>({ userId: aliceId, kind: 'test.stream', state: { n: 0 } });
    const web = Fastify();
    web.get('/job/:user', (req, reply) =>
      streamJob(t.turns.jobs, reply, id, Number((req.params as { user: string }).user), async () => ({ state: (req.params as { user: string }).user })),
    );
    const base = await web.listen({ port: 0, host: '127.0.0.1' });
    try {
      const read = async (user: number) => {
        const res = await fetch(`${base}/job/${user}`);
        expect(res.headers.get('content-type')).toContain('text/event-stream');
        const text = await res.text();
        return text
          .split('\n\n')
          .filter((b) => b.startsWith('data: '))
          .map((b) => JSON.parse(b.slice(6)) as JobEvent);
      };
      await waitFor(async () => s.steps() === 1);
      const live = read(aliceId);
      await new Promise((r) => setTimeout(r, 100));
      go();
      const events = await live;
      expect(events[0]).toEqual({ type: 'job.snapshot', state: String(aliceId) });
      expect(events.at(-1)).toMatchObject({ type: 'job.end', status: 'done' });
      await untilEnded(id);
      expect(await read(aliceId)).toEqual([
        { type: 'job.snapshot', state: String(aliceId) },
        { type: 'job.end', status: 'done', error: null, charged: 0 },
      ]);
      expect(await read(bobId)).toEqual([{ type: 'job.end', status: 'failed', error: '任务不存在', charged: 0 }]);
    } finally {
      await web.close();
    }
  });
});
