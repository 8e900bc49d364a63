import { z } from 'zod';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../safe-text.ts';
import { turnResumeEvent } from './turns.ts';
import { chatUsage } from './chat.ts';
import { packageItem } from './billing.ts';
import { dbId } from './common.ts';
import { documentToken } from './document.ts';
import {
  DECK_LANGUAGES,
  DECK_LINE_MAX,
  DECK_NOTES_MAX,
  DECK_PAGES_MAX,
  DECK_PAGES_MIN,
  DECK_POINTS_MAX,
  DECK_SECTIONS_MAX,
  DECK_SOURCE_MAX,
  DECK_STATUSES,
  DECK_TOPIC_MAX,
  SLIDE_KINDS,
} from '../slides.ts';

const text = (max: number, empty: string, long: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, long).refine(isSafeText, UNSAFE_TEXT_MESSAGE);
const line = (label: string) =>
  z.string({ error: `${label}无效` }).trim().max(DECK_LINE_MAX, `${label}不能超过 ${DECK_LINE_MAX} 个字`).refine(isSafeText, UNSAFE_TEXT_MESSAGE);

// ---- the deck ----
/** One section of the outline: a title and its key points (what its slides will cover). */
export const deckSection = z.object({
  title: text(DECK_LINE_MAX, '章节标题不能为空', `章节标题不能超过 ${DECK_LINE_MAX} 个字`),
  points: z.array(line('要点')).max(DECK_POINTS_MAX, `每章最多 ${DECK_POINTS_MAX} 个要点`),
});
export type DeckSection = z.infer<typeof deckSection>;


/** One slide as generated (and edited): the layout is chosen per slide; `notes` are the speaker notes. */
export const deckSlide = z.object({
  kind: z.enum(SLIDE_KINDS),
  title: line('标题'),
  subtitle: line('副标题').optional(),
  bullets: z.array(line('要点')).max(8, '每页最多 8 个要点').optional(),
  left: z.object({ heading: line('左栏标题'), bullets: z.array(line('左栏要点')).max(6) }).optional(),
  right: z.object({ heading: line('右栏标题'), bullets: z.array(line('右栏要点')).max(6) }).optional(),
  quote: z.string().trim().max(300, '引言不能超过 300 个字').refine(isSafeText, UNSAFE_TEXT_MESSAGE).optional(),
  source: line('出处').optional(),
  /** A bar chart's values (any scale; `unit` names it, `source` says where the figures come from). */
  chart: z.array(z.object({ label: line('图表标签'), value: z.number().min(-1e12).max(1e12) })).max(6).optional(),
  unit: z.string().trim().max(12, '单位不能超过 12 个字').refine(isSafeText, UNSAFE_TEXT_MESSAGE).optional(),
  /** A timeline or process: steps in order, each a short label (a year, 第一步) and what happens. */
  steps: z.array(z.object({ label: z.string().trim().max(20, '步骤标签不能超过 20 个字').refine(isSafeText, UNSAFE_TEXT_MESSAGE), text: line('步骤内容') })).max(6).optional(),
  notes: z.string().max(DECK_NOTES_MAX, `备注不能超过 ${DECK_NOTES_MAX} 个字`).refine(isSafeText, UNSAFE_TEXT_MESSAGE).default(''),
  /** The outline section it belongs to (-1: cover, contents, end). */
  section: z.number().int().min(-1).max(DECK_SECTIONS_MAX),
  /** A section divider's illustration (the stored picture's URL): set by the server when the operator turns pictures on, never by an edit. */
  image: z.string().max(500).optional(),
});
export type DeckSlide = z.infer<typeof deckSlide>;


export const deckSummary = z.object({
  id: z.number(),
  title: z.string(),
  topic: z.string(),
  pages: z.number(),
  theme: z.string(),
  status: z.enum(DECK_STATUSES),
  slideCount: z.number(),
  offline: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeckSummary = z.infer<typeof deckSummary>;

export const deckView = deckSummary.extend({
  audience: z.string(),
  language: z.string(),
  outline: z.array(deckSection),
  slides: z.array(deckSlide),
  /** Slides planned in all (known once generation starts), for the progress bar. */
  planned: z.number(),
  error: z.string().nullable(),
  charged: z.number(),
  /** The title of the document the deck was written from ('' when none). */
  sourceTitle: z.string(),
  /** The server can convert the deck to PDF (LibreOffice is installed): `export?format=pdf` works. */
  pdf: z.boolean(),
  /**
   * The slides as the export draws them: a slide whose points do not fit goes on over more pages
   * (titled …（续）); each page names its slide and the range of its points (bullets, or column rows).
   */
  exportPages: z.array(z.object({ index: z.number(), from: z.number(), to: z.number() })),
});
export type DeckView = z.infer<typeof deckView>;

// ---- requests ----
const themeId = z.string({ error: '请选择主题' }).max(32, '主题无效').refine(isSafeText, UNSAFE_TEXT_MESSAGE);

/** POST /api/aippt/outline/validate: what the deck is about; returns the one-use secret of the outline stream. */
export const deckOutlineValidateBody = z.object({
  topic: text(DECK_TOPIC_MAX, '请输入 PPT 主题', `主题不能超过 ${DECK_TOPIC_MAX} 个字`),
  text: z.string().max(DECK_SOURCE_MAX, `参考资料不能超过 ${DECK_SOURCE_MAX} 个字`).refine(isSafeText, UNSAFE_TEXT_MESSAGE).optional(),
  audience: z.string().trim().max(20, '受众不能超过 20 个字').refine(isSafeText, UNSAFE_TEXT_MESSAGE).optional(),
  pages: z.coerce
    .number({ error: '页数无效' })
    .int('页数无效')
    .min(DECK_PAGES_MIN, `页数需在 ${DECK_PAGES_MIN}–${DECK_PAGES_MAX} 之间`)
    .max(DECK_PAGES_MAX, `页数需在 ${DECK_PAGES_MIN}–${DECK_PAGES_MAX} 之间`),
  language: z.enum(DECK_LANGUAGES.map((l) => l.value) as ['zh-CN', 'zh-TW', 'en'], { error: '暂不支持该语言' }).default('zh-CN'),
  theme: themeId.optional(),
  /** A parsed document of the user's (its token): the outline and the slides are written from its text. */
  document: documentToken.optional(),
});
export type DeckOutlineValidateBody = z.infer<typeof deckOutlineValidateBody>;
export const deckOutlineValidateReply = z.object({ secret: z.string(), deckId: z.number() });

export const deckOutlineStreamQuery = z.object({
  secret: z.string({ error: 'secret 不能为空' }).min(16, 'secret 无效').max(128, 'secret 无效'),
});
/** POST /api/aippt/outline/stop: stops the outline stream of this secret (what was written so far is kept). */
export const deckOutlineStopBody = deckOutlineStreamQuery;

/** The outline stream: the outline as Markdown (`## 章节` + `- 要点`), then the parsed sections. */
export const deckOutlineEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  turnResumeEvent,
  z.object({
    type: z.literal('done'),
    deckId: z.number(),
    status: z.enum(['complete', 'stopped']),
    title: z.string(),
    outline: z.array(deckSection),
    usage: chatUsage.nullable(),
    charged: z.number(),
  }),
  z.object({ type: z.literal('error'), code: z.number(), message: z.string(), deckId: z.number().nullable() }),
]);
export type DeckOutlineEvent = z.infer<typeof deckOutlineEvent>;

export const deckIdQuery = z.object({ id: dbId('PPT') });

/** GET /api/aippt/deck/watch: the slides job's progress (SSE), reopened at any time. */
export const deckWatchEvent = z.discriminatedUnion('type', [
  /** The deck when the stream opens. */
  z.object({ type: z.literal('job.snapshot'), status: z.string(), written: z.number(), planned: z.number() }),
  /** A section's slides were saved. */
  z.object({ type: z.literal('progress'), written: z.number(), planned: z.number() }),
  z.object({ type: z.literal('job.end'), status: z.string(), error: z.string().nullable(), charged: z.number() }),
]);
export type DeckWatchEvent = z.infer<typeof deckWatchEvent>;
export const deckIdBody = z.object({ id: dbId('PPT') });

export const deckOutlineBody = z.object({
  id: dbId('PPT'),
  title: text(DECK_LINE_MAX, '标题不能为空', `标题不能超过 ${DECK_LINE_MAX} 个字`),
  outline: z.array(deckSection).min(1, '大纲至少需要一个章节').max(DECK_SECTIONS_MAX, `大纲最多 ${DECK_SECTIONS_MAX} 个章节`),
  pages: deckOutlineValidateBody.shape.pages.optional(),
});
export type DeckOutlineBody = z.infer<typeof deckOutlineBody>;

export const deckThemeBody = z.object({ id: dbId('PPT'), theme: themeId });

/** Edits one slide's text (its layout stays). */
export const deckSlideBody = z.object({
  id: dbId('PPT'),
  index: z.coerce.number({ error: '页码无效' }).int('页码无效').min(0, '页码无效').max(DECK_PAGES_MAX - 1, '页码无效'),
  slide: deckSlide.omit({ kind: true, section: true, image: true }),
});
export type DeckSlideBody = z.infer<typeof deckSlideBody>;

export const deckExportQuery = z.object({ id: dbId('PPT'), format: z.enum(['pptx', 'pdf'], { error: '导出格式无效' }).default('pptx') });

export const deckListReply = z.object({ list: z.array(deckSummary) });
export const deckGenerateReply = z.object({ id: z.number(), status: z.enum(DECK_STATUSES), jobId: z.number().nullable() });

export const pptPackageItem = packageItem.extend({ ppt_count: z.number() });
export const pptPackageListReply = z.object({ list: z.array(pptPackageItem), balance: z.number().nullable() });
export type PptPackageItem = z.infer<typeof pptPackageItem>;
