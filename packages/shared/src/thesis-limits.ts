/** Thesis writing's plain values, without zod: the web app's screens import them (schemas/thesis.ts re-exports them). */
/** SPEC §1 thesis and article writing (/article). */
export const THESIS_KINDS = ['毕业论文', '课程论文', '期刊论文', '开题报告', '文献综述', '普通文章'] as const;
export const THESIS_LANGUAGES = ['中文', 'English'] as const;
export const THESIS_MIN_CHARS = 3000;
export const THESIS_MAX_CHARS = 30000;
/** Credits (chat pool) per started thousand characters written. */
export const THESIS_CREDITS_PER_THOUSAND = 1;
export const THESIS_SECTION_MIN_CHARS = 100;
export const THESIS_SECTION_MAX_CHARS = 8000;
export const THESIS_MAX_CHAPTERS = 12;
export const THESIS_MAX_SECTIONS = 10;

/** What writing `chars` characters costs (credits held before, charged after on the actual length). */
export const thesisCost = (chars: number) => Math.ceil(Math.max(0, chars) / 1000) * THESIS_CREDITS_PER_THOUSAND;
