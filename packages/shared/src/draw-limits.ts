/** Drawing's plain values, without zod: the web app's screens import them (schemas/draw.ts re-exports them). */
/** The longest prompt a drawing takes (characters). */
export const DRAW_PROMPT_MAX = 1000;
/** A reference image for Midjourney / smart drawing, as a data URL (at most this many bytes decoded). */
export const DRAW_REFERENCE_MAX_BYTES = 1024 * 1024;

export const DRAW_KINDS = ['basic', 'dalle3', 'ai3', 'mj'] as const;
export type DrawKind = (typeof DRAW_KINDS)[number];
export const DRAW_TYPES = ['general', 'anime', 'photo', 'ink', 'oil', 'render3d'] as const;
export type DrawType = (typeof DRAW_TYPES)[number];
export const DRAW_SIZES = ['square', 'portrait', 'landscape'] as const;
export type DrawSize = (typeof DRAW_SIZES)[number];

export const MJ_STATUSES = ['queued', 'running', 'success', 'failed'] as const;
export type MjStatus = (typeof MJ_STATUSES)[number];

/** imagine | upscale | variation | reroll | zoom | pan | blend | describe */
export const MJ_ACTIONS = ['imagine', 'upscale', 'variation', 'reroll', 'zoom', 'pan', 'blend', 'describe'] as const;
export type MjAction = (typeof MJ_ACTIONS)[number];

export const MJ_DIMENSIONS = ['PORTRAIT', 'SQUARE', 'LANDSCAPE'] as const;
export type MjDimensions = (typeof MJ_DIMENSIONS)[number];
