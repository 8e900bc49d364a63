/** What an imported map may be: files people make by hand or in XMind are far below these. */
export const MIND_IMPORT_LIMITS = {
  /** The .xmind or .md file as picked. */
  fileBytes: 5 * 1024 * 1024,
  /** content.json / content.xml once inflated (its declared size is checked before inflating). */
  contentBytes: 8 * 1024 * 1024,
  /** Entries in the zip (XMind writes a handful, plus attachments). */
  zipEntries: 2000,
  nodes: 3000,
  depth: 40,
} as const;

export type MindImportProblem = 'notXmind' | 'noContent' | 'tooLarge' | 'tooManyNodes' | 'empty' | 'unsupported';

/** Why a file cannot be imported; `problem` names the message shown (locale key `import_<problem>`). */
export class MindImportError extends Error {
  constructor(readonly problem: MindImportProblem) {
    super(problem);
    this.name = 'MindImportError';
  }
}
