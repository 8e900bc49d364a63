import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  LineRuleType,
  NumberFormat,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  TableOfContents,
  TextRun,
  type PageNumberEstimator,
} from 'docx';
import type { ThesisOutlineChapter } from '../../db/schema/index.ts';
import { chapterLabel, sectionLabel } from './outline.ts';

export interface ExportThesis {
  title: string;
  kind: string;
  discipline: string;
  language: string;
  abstract: string;
  keywords: string;
  /** The English abstract and key words ('' when it has none). */
  abstractEn: string;
  keywordsEn: string;
  /** The title of the reference document it was written from ('' when none). */
  referenceTitle: string;
  outline: ThesisOutlineChapter[];
  /** Section texts by key. */
  texts: Map<string, string>;
  /** The author line of the title page. */
  author: string;
  date: string;
}

const LATIN = 'Times New Roman';
const CJK = '宋体';
const HEI = '黑体';
const font = (eastAsia: string) => ({ ascii: LATIN, hAnsi: LATIN, cs: LATIN, eastAsia, hint: 'eastAsia' as const });

/** A section's text: its paragraphs (blank lines or single newlines between), a model's Markdown marks dropped. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n+/)
    .map((p) => p.replace(/^#+\s*/, '').replace(/\*\*(.+?)\*\*/g, '$1').trim())
    .filter(Boolean);

const REFERENCES_TITLE = { zh: '参考文献', en: 'References' };

/**
 * What the references section says. Models invent references (authors, titles, DOIs that do not
 * exist), so none is generated: the document says plainly that the author adds them, in the school's
 * format, with the shape of a GB/T 7714 entry; the user's own reference document is listed to be
 * completed, and any entry a model still wrote is kept marked 请核对.
 */
const REFERENCES_NOTE = {
  zh: [
    '参考文献须由作者本人查阅、核实后按学校要求的格式补充。AI 生成的文献条目常常并不存在，本文未代为列出任何文献，请勿直接提交本页。',
    '常用格式（GB/T 7714—2015）：期刊 [序号] 作者. 题名[J]. 刊名, 年, 卷(期): 起止页码.　专著 [序号] 作者. 书名[M]. 出版地: 出版者, 出版年: 起止页码.',
  ],
  en: [
    'References are for the author to look up, check and list in the format the school requires. AI-written references are often invented, so none is listed here; do not hand in this page as it is.',
    'Common shape (GB/T 7714-2015): journal [n] Author. Title[J]. Journal, year, volume(issue): pages.  Book [n] Author. Title[M]. Place: Publisher, year: pages.',
  ],
};

/** The references: the reference document to complete, then entries a model wrote (marked 请核对), then the note. */
function referenceParagraphs(t: ExportThesis, fromModel: string[]): Paragraph[] {
  const en = t.language === 'English';
  const entries: string[] = [];
  if (t.referenceTitle) entries.push(en ? `${t.referenceTitle} (the material this paper was written from: add its author, publisher or journal, year and pages)` : `《${t.referenceTitle}》（写作所依据的资料：请补全作者、出版者或刊名、年份与页码）`);
  for (const r of fromModel) entries.push(`${r.replace(/^\[\d+\]\s*/, '')}${en ? ' (check: may not exist)' : '（请核对：模型给出，可能并不存在）'}`);
  return [
    ...entries.map((e, i) => new Paragraph({ children: [new TextRun(`[${i + 1}] ${e}`)] })),
    ...(en ? REFERENCES_NOTE.en : REFERENCES_NOTE.zh).map((note, i) => new Paragraph({ spacing: { before: i === 0 && entries.length ? 240 : 0 }, children: [new TextRun({ text: note, italics: true, color: '555555', size: 21 })] })),
  ];
}

/** The headings the table of contents lists, in order, as the document writes them. */
export function headingTexts(t: Pick<ExportThesis, 'outline' | 'language'>): string[] {
  return [
    ...t.outline.flatMap((chapter, ci) => [`${chapterLabel(ci, t.language)} ${chapter.title}`, ...chapter.sections.map((section, si) => `${sectionLabel(ci, si)} ${section.title}`)]),
    t.language === 'English' ? REFERENCES_TITLE.en : REFERENCES_TITLE.zh,
  ];
}

const pageFooter = () =>
  new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: [PageNumber.CURRENT] })] })] });

const exact = (pt: number) => ({ line: pt * 20, lineRule: LineRuleType.EXACT });

/** The English abstract page (Abstract / Key words) of a Chinese 毕业论文. */
const englishAbstract = (t: ExportThesis): Paragraph[] =>
  t.abstractEn
    ? [
        new Paragraph({ children: [new PageBreak()] }),
        new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [new TextRun({ text: 'Abstract', bold: true, size: 32, font: LATIN })] }),
        ...paragraphsOf(t.abstractEn).map((p) => new Paragraph({ style: 'BodyText', alignment: AlignmentType.JUSTIFIED, children: [new TextRun(p)] })),
        new Paragraph({ spacing: { before: 240 }, children: [new TextRun({ text: 'Key words: ', bold: true }), new TextRun(t.keywordsEn)] }),
      ]
    : [];

/**
 * A thesis as a real .docx: a title page without a number, the abstract and keywords (and the
 * English ones of a 毕业论文) and an automatic table of contents (a TOC field, filled with the
 * headings) numbered in Roman, then the numbered chapters and sections and the references
 * numbered from 1. Body in 宋体 (East Asian) and Times New Roman (Latin) at an exact line height,
 * so the pages break alike in Word, WPS and LibreOffice. `pageNumbers` writes the contents' page
 * numbers (clean, so no reader asks to update fields); without it they are left for Word.
 */
export async function buildDocx(t: ExportThesis, pageNumbers?: PageNumberEstimator): Promise<Buffer> {
  const en = t.language === 'English';
  const body: Paragraph[] = [];
  const references: string[] = [];
  t.outline.forEach((chapter, ci) => {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: ci > 0, children: [new TextRun(`${chapterLabel(ci, t.language)} ${chapter.title}`)] }));
    chapter.sections.forEach((section, si) => {
      body.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(`${sectionLabel(ci, si)} ${section.title}`)] }));
      const text = t.texts.get(section.key) ?? '';
      const paras = paragraphsOf(text);
      if (!paras.length) body.push(new Paragraph({ children: [new TextRun({ text: en ? '(not written yet)' : '（本节尚未写作）', italics: true })] }));
      for (const p of paras) {
        if (/^\[\d+\]/.test(p)) references.push(p);
        else body.push(new Paragraph({ style: 'BodyText', children: [new TextRun(p)] }));
      }
    });
  });

  const doc = new Document({
    creator: t.author,
    title: t.title,
    ...(pageNumbers ? { pageNumbers } : {}),
    styles: {
      default: {
        document: { run: { font: font(CJK), size: 24, language: { value: 'en-US', eastAsia: 'zh-CN' } }, paragraph: { spacing: exact(20) } },
        heading1: { run: { font: font(HEI), size: 32, bold: true }, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 240, after: 240, ...exact(24) } } },
        heading2: { run: { font: font(HEI), size: 28, bold: true }, paragraph: { spacing: { before: 240, after: 120, ...exact(22) } } },
        title: { run: { font: font(HEI), size: 44, bold: true }, paragraph: { alignment: AlignmentType.CENTER, spacing: exact(32) } },
      },
      paragraphStyles: [
        { id: 'BodyText', name: 'Body Text', basedOn: 'Normal', run: { font: font(CJK), size: 24 }, paragraph: { indent: { firstLine: 480 }, spacing: exact(20) } },
      ],
    },
    sections: [
      {
        properties: { titlePage: true },
        children: [
          new Paragraph({ spacing: { before: 2400 }, alignment: AlignmentType.CENTER, children: [new TextRun({ text: t.kind, size: 32 })] }),
          new Paragraph({ heading: HeadingLevel.TITLE, spacing: { before: 600, after: 1200 }, children: [new TextRun(t.title)] }),
          new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [new TextRun({ text: `${en ? 'Discipline' : '学科'}：${t.discipline}`, size: 28 })] }),
          new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [new TextRun({ text: `${en ? 'Author' : '作者'}：${t.author}`, size: 28 })] }),
          new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: t.date, size: 28 })] }),
        ],
      },
      {
        properties: { page: { pageNumbers: { start: 1, formatType: NumberFormat.UPPER_ROMAN } } },
        footers: { default: pageFooter() },
        children: [
          new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [new TextRun({ text: en ? 'Abstract' : '摘  要', bold: true, size: 32, font: font(HEI) })] }),
          ...paragraphsOf(t.abstract || (en ? '(The abstract is written with the sections.)' : '（摘要将在写作时生成）')).map((p) => new Paragraph({ style: 'BodyText', children: [new TextRun(p)] })),
          new Paragraph({ spacing: { before: 240 }, children: [new TextRun({ text: en ? 'Keywords: ' : '关键词：', bold: true }), new TextRun(t.keywords)] }),
          ...englishAbstract(t),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [new TextRun({ text: en ? 'Contents' : '目  录', bold: true, size: 32, font: font(HEI) })] }),
          new TableOfContents(en ? 'Contents' : '目录', { hyperlink: true, headingStyleRange: '1-2' }),
        ],
      },
      {
        properties: { page: { pageNumbers: { start: 1, formatType: NumberFormat.DECIMAL } } },
        footers: { default: pageFooter() },
        children: [
          ...body,
          new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(en ? REFERENCES_TITLE.en : REFERENCES_TITLE.zh)] }),
          ...referenceParagraphs(t, references),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** The same thesis as Markdown. */
export function buildMarkdown(t: ExportThesis): string {
  const en = t.language === 'English';
  const out = [`# ${t.title}`, '', `${t.kind} · ${t.discipline}`, '', `## ${en ? 'Abstract' : '摘要'}`, '', t.abstract || '', '', `**${en ? 'Keywords' : '关键词'}：** ${t.keywords}`, ''];
  if (t.abstractEn) out.push('## Abstract', '', t.abstractEn, '', `**Key words:** ${t.keywordsEn}`, '');
  t.outline.forEach((c, ci) => {
    out.push(`## ${chapterLabel(ci, t.language)} ${c.title}`, '');
    c.sections.forEach((s, si) => {
      out.push(`### ${sectionLabel(ci, si)} ${s.title}`, '', (t.texts.get(s.key) ?? '').trim(), '');
    });
  });
  out.push(`## ${en ? REFERENCES_TITLE.en : REFERENCES_TITLE.zh}`, '');
  if (t.referenceTitle) out.push(en ? `[1] ${t.referenceTitle} (add its author, publisher or journal, year and pages)` : `[1] 《${t.referenceTitle}》（请补全作者、出版者或刊名、年份与页码）`, '');
  out.push(...(en ? REFERENCES_NOTE.en : REFERENCES_NOTE.zh).map((n) => `*${n}*`), '');
  return out.join('\n');
}
