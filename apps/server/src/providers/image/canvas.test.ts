import { describe, expect, it } from 'vitest';
import { inspectImage } from '../../core/image-type.ts';
import { lyingPng } from '../../testing/pictures.ts';
import { canvasProcessInfo, canvasWork, paint, CanvasError } from './canvas.ts';

describe('the canvas process', () => {
  it('draws in a process of its own, and a picture that kills the decoder fails only its own request', async () => {
    const before = await paint({ prompt: '一只狐狸', type: 'general', width: 96, height: 64, seed: 'a' });
    expect(inspectImage(before)).toMatchObject({ mime: 'image/png', width: 96, height: 64 });
    const { pid, started } = canvasProcessInfo();
    expect(pid).not.toBe(process.pid);

    // The gate (the header check) bypassed on purpose: @napi-rs/canvas aborts on a PNG claiming 60000×60000.
    // A piece queued behind it is not failed with it: it goes to the next process.
    const [crashed, after] = await Promise.allSettled([
      canvasWork('thumbnail', { bytes: lyingPng(), width: 64, height: 64, thumbWidth: 32 }),
      paint({ prompt: '一只狐狸', type: 'general', width: 96, height: 64, seed: 'a' }),
    ]);
    expect(crashed.status).toBe('rejected');
    expect((crashed as PromiseRejectedResult).reason).toBeInstanceOf(CanvasError);
    expect(((crashed as PromiseRejectedResult).reason as CanvasError).kind).toBe('crashed');
    expect(after.status).toBe('fulfilled');
    // The same picture as before, from a new process.
    expect((after as PromiseFulfilledResult<Buffer>).value.equals(before)).toBe(true);
    expect(canvasProcessInfo().started).toBe(started + 1);
  });

  it('a picture that does not decode is a failure, not a crash; thumbnails come back as webp buffers', async () => {
    const bad = await canvasWork('thumbnail', { bytes: Buffer.from('not a picture'), width: 10, height: 10, thumbWidth: 8 }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CanvasError);
    expect((bad as CanvasError).kind).toBe('failed');
    const png = await paint({ prompt: 'x', type: 'general', width: 200, height: 100, seed: 'b' });
    const thumb = await canvasWork('thumbnail', { bytes: png, width: 200, height: 100, thumbWidth: 50 });
    expect(Buffer.isBuffer(thumb.bytes)).toBe(true);
    expect(thumb).toMatchObject({ width: 50, height: 25 });
    expect(inspectImage(thumb.bytes)).toMatchObject({ mime: 'image/webp', width: 50, height: 25 });
  });
});
