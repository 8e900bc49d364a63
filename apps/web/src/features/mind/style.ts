/** How map labels are drawn, shared by the screen (markmap) and the exports. */

/** CJK fonts first, so the Latin text next to Chinese matches it on every system; then the system UI font. */
export const MIND_FONT_FAMILY =
  '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Zen Hei", "Hiragino Sans GB", system-ui, -apple-system, sans-serif';
export const MIND_FONT_SIZE = 15;
export const MIND_LINE_HEIGHT = 20;
/** A label wraps at this width (markmap's maxWidth). */
export const MIND_MAX_WIDTH = 280;
export const MIND_PADDING_X = 10;
