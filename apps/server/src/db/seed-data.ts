/**
 * First-start content, in Chinese, so every screen has something real to show: the menus, the
 * models, the prompt masks, the welcome notice and the packages. The content is data, in
 * db/seed/site.json, read through the schema below (a file that does not fit it stops the start
 * with the path of what is wrong), as the app catalogue is (seed-apps.ts). Prices are in fen.
 */
import { z } from 'zod';
import { readSeed } from './seed-apps.ts';
import siteJson from './seed/site.json' with { type: 'json' };

const menu = z.strictObject({ code: z.string(), name: z.string(), icon: z.string(), mobile: z.boolean() });

const model = z.strictObject({
  code: z.string(),
  label: z.string(),
  description: z.string(),
  upstreamModel: z.string(),
  inputExt: z.number().int().nonnegative(),
  vision: z.boolean(),
  pool: z.enum(['model3', 'model4']),
  cost: z.number().int().positive(),
});

const mask = z.strictObject({
  name: z.string(),
  children: z.array(z.strictObject({ name: z.string(), content: z.string() })),
});

const notice = z.strictObject({ title: z.string(), content: z.string() });

/** What every package has: its texts and prices (fen). */
const sale = {
  name: z.string(),
  introduction: z.string(),
  description: z.string(),
  price: z.number().int().positive(),
  priceY: z.number().int().nonnegative(),
  discount: z.string(),
};

/** A membership package: days (0: the never-expiring base pool), level and counts. */
const membership = {
  ...sale,
  days: z.number().int().nonnegative(),
  level: z.number().int().nonnegative(),
  model3Count: z.number().int().nonnegative(),
  model4Count: z.number().int().nonnegative(),
  drawCount: z.number().int().nonnegative(),
};

/** The schema of db/seed/site.json. */
export const siteSeedSchema = z.strictObject({
  menus: z.array(menu),
  models: z.array(model),
  masks: z.array(mask),
  notice,
  packages: z.array(z.strictObject(membership)),
  /** The first-purchase offer. */
  activityPackage: z.strictObject({ ...membership, isActivity: z.literal(1) }),
  /** Slide packages (AI PPT quota): decks to generate, never expiring (base pool). */
  pptPackages: z.array(z.strictObject({ ...sale, pptCount: z.number().int().positive() })),
});

const site = readSeed('site.json', siteSeedSchema, siteJson);

export const SEED_MENUS = site.menus;
export const SEED_MODELS = site.models;
export const SEED_MASKS = site.masks;
export const SEED_NOTICE = site.notice;
export const SEED_PACKAGES = site.packages;
export const SEED_ACTIVITY_PACKAGE = site.activityPackage;
export const SEED_PPT_PACKAGES = site.pptPackages;
