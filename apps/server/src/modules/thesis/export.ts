import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  NumberFormat,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  TableOfContents,
  TextRun,
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

/** The references section: lines of a section titled 参考文献 are kept; otherwise a note. */
const REFERENCES_TITLE = { zh: '参考文献', en: 'References' };

const pageFooter = () =>
  new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: [PageNumber.CURRENT] })] })] });

/**
 * A thesis as a real .docx: a title page without a number, the abstract, keywords and an
 * automatic table of contents (a TOC field, filled with the headings so readers that do not
 * update fields still show it) numbered in Roman, then the numbered chapters and sections and
 * the references numbered from 1. Body in 宋体 (East Asian) and Times New Roman (Latin).
 */
export async function buildDocx(t: ExportThesis): Promise<Buffer> {
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
    features: { updateFields: true },
    styles: {
      default: {
        document: { run: { font: font(CJK), size: 24, language: { value: 'en-US', eastAsia: 'zh-CN' } }, paragraph: { spacing: { line: 360 } } },
        heading1: { run: { font: font(HEI), size: 32, bold: true }, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 240, after: 240 } } },
        heading2: { run: { font: font(HEI), size: 28, bold: true }, paragraph: { spacing: { before: 240, after: 120 } } },
        title: { run: { font: font(HEI), size: 44, bold: true }, paragraph: { alignment: AlignmentType.CENTER } },
      },
      paragraphStyles: [
        { id: 'BodyText', name: 'Body Text', basedOn: 'Normal', run: { font: font(CJK), size: 24 }, paragraph: { indent: { firstLine: 480 }, spacing: { line: 360 } } },
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
          ...(references.length
            ? references.map((r) => new Paragraph({ children: [new TextRun(r)] }))
            : [new Paragraph({ children: [new TextRun({ text: en ? '(Add the works cited here.)' : '（请在此按学校要求的格式列出参考文献。）', italics: true })] })]),
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
  t.outline.forEach((c, ci) => {
    out.push(`## ${chapterLabel(ci, t.language)} ${c.title}`, '');
    c.sections.forEach((s, si) => {
      out.push(`### ${sectionLabel(ci, si)} ${s.title}`, '', (t.texts.get(s.key) ?? '').trim(), '');
    });
  });
  out.push(`## ${en ? REFERENCES_TITLE.en : REFERENCES_TITLE.zh}`, '');
  return out.join('\n');
}
