import type { DrawBasicBody, DrawKind } from '@app/shared';
import { drawImages } from '../../db/schema/index.ts';
import { CanvasError } from '../../providers/image/canvas.ts';
import type { WorkAdapter } from '../turns/public.ts';
import { field, type DrawKit, type ImageRow, type StoredImage } from './kit.ts';

/** One basic, DALL·E or smart drawing, as checked and priced by DrawImages. */
export interface DrawRequest {
  userId: number;
  kind: DrawKind;
  /** What the user wrote (smart drawing: the Chinese text), kept with the pictures. */
  prompt: string;
  /** Smart drawing: the English prompt drawn. */
  promptEn?: string | null;
  type: string;
  size: DrawBasicBody['size'];
  n: number;
  quality: 'standard' | 'hd';
  style: 'vivid' | 'natural';
  references?: Buffer[];
  /** What the provider is given: the prompt drawn, with the type's hint (not offline). */
  promptForModel: string;
  offline: boolean;
  /** Credits per picture. */
  unit: number;
  /** The files stored so far: the caller drops them when the drawing fails or cannot be saved. */
  stored: StoredImage[];
}

/** The ledger's name of a drawing. */
const labelOf = (kind: DrawKind) => (kind === 'basic' ? '基础绘画' : kind === 'ai3' ? '智能绘画' : 'DALL·E 绘画');

/**
 * Drawing as paid work on the engine: every picture is held before any is made (a balance that
 * pays for five lets five drawings through, whatever arrives at once), then drawn and stored,
 * then charged per picture delivered and saved in one transaction.
 */
export function imageWork(kit: DrawKit): WorkAdapter<DrawRequest, StoredImage[], ImageRow[]> {
  return {
    kind: 'draw.image',
    price: (d) => ({ pool: 'draw', cost: d.unit * d.n, label: labelOf(d.kind) }),
    generate: async (d) => {
      let images;
      try {
        const req = { prompt: d.promptForModel, size: d.size, quality: d.quality, style: d.style, n: d.n, type: d.type };
        images = d.references?.length && kit.images.edit ? await kit.images.edit({ ...req, images: d.references }) : await kit.images.generate(req);
      } catch (e) {
        // The offline painter lays the references into the picture: one it cannot decode is the picture's fault.
        if (e instanceof CanvasError && d.references?.length) throw field('image', '参考图无法解码，请换一张图片');
        throw e;
      }
      for (const img of images.slice(0, d.n)) d.stored.push(await kit.storeImage(d.userId, img));
      return d.stored;
    },
    charge: (d, images) => d.unit * images.length,
    finish: (tx, d, images) => {
      const now = new Date(kit.ctx.clock.now());
      return tx
        .insert(drawImages)
        .values(images.map((s) => ({ ...s, userId: d.userId, kind: d.kind, type: d.type, prompt: d.prompt, promptEn: d.promptEn ?? null, offline: d.offline, createdAt: now })))
        .returning();
    },
  };
}
