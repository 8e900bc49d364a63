export type MjKind = 'upscale' | 'variation' | 'reroll' | 'zoom' | 'pan';

/**
 * The Midjourney buttons we offer, by customId: each kind with its name, its price and how it goes
 * to the proxy. `change`: novicezk's /mj/submit/change (our own customIds); `action`: trueai's
 * /mj/submit/action; `modal`: /mj/submit/action, then the task waits in MODAL for a prompt
 * (/mj/submit/modal). Variation, pan and reroll may also wait in MODAL when the account is in remix
 * mode; they are given the task's prompt. Anything else the proxy shows is hidden: Vary (Region)
 * (MJ::Inpaint, needs a mask we cannot draw yet), Animate (MJ::JOB::animate_*, a video), the
 * bookmark (MJ::BOOKMARK, answers with the parent's own id: nothing new to pay for).
 */
export const MJ_BUTTONS: { pattern: RegExp; kind: MjKind; label: string; cost: 'mj' | 'mj_upscale' | 'mj_zoom' | 'mj_pan'; flow: 'change' | 'action' | 'modal' }[] = [
  { pattern: /^change::UPSCALE::[1-4]$/, kind: 'upscale', label: '放大', cost: 'mj_upscale', flow: 'change' },
  { pattern: /^change::VARIATION::[1-4]$/, kind: 'variation', label: '变换', cost: 'mj', flow: 'change' },
  { pattern: /^change::REROLL::0$/, kind: 'reroll', label: '重绘', cost: 'mj', flow: 'change' },
  { pattern: /^MJ::JOB::upsample::[1-4]::/, kind: 'upscale', label: '放大', cost: 'mj_upscale', flow: 'action' },
  // Upscale (Subtle / Creative / 2x / 4x) of an upscaled image: an upscale, priced as one.
  { pattern: /^MJ::JOB::upsample_v[\w.]+_(2x|4x)(_subtle|_creative)?::/, kind: 'upscale', label: '高清放大', cost: 'mj_upscale', flow: 'action' },
  { pattern: /^MJ::JOB::(low_|high_)?variation::[1-4]::/, kind: 'variation', label: '变换', cost: 'mj', flow: 'action' },
  { pattern: /^MJ::JOB::reroll::0::/, kind: 'reroll', label: '重绘', cost: 'mj', flow: 'action' },
  { pattern: /^MJ::Outpaint::\d+::/, kind: 'zoom', label: '缩小', cost: 'mj_zoom', flow: 'action' },
  { pattern: /^MJ::CustomZoom::/, kind: 'zoom', label: '自定义缩放', cost: 'mj_zoom', flow: 'modal' },
  { pattern: /^MJ::JOB::pan_(left|right|up|down)::/, kind: 'pan', label: '平移', cost: 'mj_pan', flow: 'action' },
];

/** A button we offer (see MJ_BUTTONS), or null for one we hide. */
export function mjButtonOf(customId: string) {
  return MJ_BUTTONS.find((b) => b.pattern.test(customId)) ?? null;
}

/** A Midjourney button's kind by its customId; null: not offered. */
export function actionOf(customId: string): MjKind | null {
  return mjButtonOf(customId)?.kind ?? null;
}
