/** Output of the document parsers: a flat list of headings and paragraphs in reading order. */

export interface ParsedBlock {
  /** 1-based page number (PDF), or null where a format has no pages. */
  page: number | null;
  /** heading level 1-6, or 0 for body text */
  level: number;
  text: string;
}

export interface ParsedDocument {
  /** Page count (PDF; 1 for an image), or null where a format has no pages. */
  pages: number | null;
  blocks: ParsedBlock[];
  /** a good title: first heading/first line, else null */
  title: string | null;
  /** How many pages (or image strips' source images) were read by OCR. */
  ocrPages: number;
  /** Scanned pages that were left unread because no OCR engine was given or the OCR cap was reached. */
  skippedPages?: number;
}

export type ParseErrorReason = 'encrypted' | 'corrupt' | 'empty' | 'unsupported' | 'too_large';

/** A document that cannot be read; `message` is a user-facing reason in Chinese. */
export class ParseError extends Error {
  constructor(
    message: string,
    public readonly reason: ParseErrorReason = 'corrupt',
  ) {
    super(message);
    this.name = 'ParseError';
  }
}

export const MESSAGES = {
  encrypted: '文档已加密，无法解析',
  corrupt: '文件已损坏或格式不正确',
  empty: '文档中没有可识别的文字',
  unsupported: '不支持的文件格式',
  oldDoc: '不支持旧版 Word（.doc）格式，请另存为 .docx 后上传',
  noOcr: '图片文字识别未启用，无法解析图片',
  imageTooLarge: '图片尺寸过大，无法识别',
  tooLarge: '文档内容过大，无法解析，请拆分后再上传',
} as const;
