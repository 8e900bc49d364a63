import type { DocumentOption } from '@app/shared';
import { DEFAULT_OUTPUT_LANGUAGE } from '@app/shared';

/**
 * How an action reads the document: `search` takes the passages that match the question,
 * `whole` takes the document from the start (or evenly across it when it is longer than the
 * context allows).
 */
export interface DocumentAction extends DocumentOption {
  reads: 'search' | 'whole';
  /** Needs a question from the user. */
  needsQuestion: boolean;
  /** What is asked of the model; the question (if any) follows it. */
  instruction: string;
}

export const DOCUMENT_ACTIONS: DocumentAction[] = [
  {
    value: 'summary',
    label: '总结全文',
    reads: 'whole',
    needsQuestion: false,
    instruction: '请通读文档，写一份结构清晰的全文总结：先用一两句话概括主旨，再按文档的章节或主题分点总结要点，最后给出结论。',
  },
  {
    value: 'points',
    label: '提取要点',
    reads: 'whole',
    needsQuestion: false,
    instruction: '请提取文档中最重要的要点（关键事实、数据、结论、条款、待办事项），用编号列表列出，每条简明扼要。',
  },
  {
    value: 'qa',
    label: '问答',
    reads: 'search',
    needsQuestion: true,
    instruction: '请只根据文档内容回答用户的问题。文档中没有相关信息时，直接说明文档未提及，不要编造。',
  },
  {
    value: 'translate',
    label: '翻译全文',
    reads: 'whole',
    needsQuestion: false,
    instruction: '请把文档内容完整、忠实地翻译成目标语言，保留原有的标题层级、段落和列表结构，不要添加评论。',
  },
  {
    value: 'outline',
    label: '生成大纲',
    reads: 'whole',
    needsQuestion: false,
    instruction: '请为文档生成一份层级大纲（使用 Markdown 标题和多级列表），覆盖文档的全部章节和主要论点。',
  },
];

export const DOCUMENT_LANGUAGES: DocumentOption[] = [
  { value: '中文', label: '中文' },
  { value: 'English', label: 'English' },
  { value: '日本語', label: '日本語' },
  { value: '한국어', label: '한국어' },
  { value: 'Français', label: 'Français' },
  { value: 'Deutsch', label: 'Deutsch' },
  { value: 'Español', label: 'Español' },
  { value: 'Русский', label: 'Русский' },
  { value: '繁體中文', label: '繁體中文' },
];

export const DEFAULT_LANGUAGE = DEFAULT_OUTPUT_LANGUAGE;

export const findAction = (value: string) => DOCUMENT_ACTIONS.find((a) => a.value === value || a.label === value) ?? null;
export const findLanguage = (value: string) => DOCUMENT_LANGUAGES.find((l) => l.value === value || l.label === value) ?? null;
