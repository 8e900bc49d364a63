/**
 * Import of a map to continue it: an .xmind (XMind 2020+ or XMind 8) or a Markdown outline
 * becomes the markdown the map is drawn from. Loaded when the user picks a file.
 */
import { MIND_MARKDOWN_MAX } from '@app/shared';
import { countNodes, outlineMarkdown, parseOutline, type OutlineNode } from './outline.ts';
import { MindImportError, MIND_IMPORT_LIMITS } from './import-limits.ts';
import { unfence } from './markdown.ts';
import { fromXmind } from './xmind.ts';

export interface ImportedMap {
  title: string;
  markdown: string;
}

const baseName = (name: string) => name.replace(/\.[^.]+$/, '').trim() || 'mindmap';

function checked(root: OutlineNode): OutlineNode {
  if (countNodes(root) > MIND_IMPORT_LIMITS.nodes) throw new MindImportError('tooManyNodes');
  if (!root.title && !root.children.length) throw new MindImportError('empty');
  return root;
}

/** A markdown outline as is (it is what the map is drawn from); rewritten under one root if it had none. */
export function importMarkdown(text: string, name: string): ImportedMap {
  const md = unfence(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')).trim();
  if (!parseOutline(md, '').title && !parseOutline(md, '').children.length) throw new MindImportError('empty');
  const root = checked(parseOutline(md, baseName(name)));
  const h1 = md.split('\n').filter((l) => /^#\s/.test(l)).length;
  const ownRoot = h1 === 1 && /^#\s/.test(md);
  return { title: root.title, markdown: ownRoot ? md : outlineMarkdown(root) };
}

export function importXmind(bytes: Uint8Array, name: string): ImportedMap {
  const root = checked(fromXmind(bytes));
  if (!root.title) root.title = baseName(name);
  return { title: root.title, markdown: outlineMarkdown(root) };
}

/** The picked file as a map, or a MindImportError saying why not. */
export async function importMindFile(file: File): Promise<ImportedMap> {
  if (file.size > MIND_IMPORT_LIMITS.fileBytes) throw new MindImportError('tooLarge');
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  let map: ImportedMap;
  if (ext === 'xmind') map = importXmind(new Uint8Array(await file.arrayBuffer()), file.name);
  else if (ext === 'md' || ext === 'markdown' || ext === 'txt') map = importMarkdown(await file.text(), file.name);
  else throw new MindImportError('unsupported');
  // What a saved map may hold.
  if (map.markdown.length > MIND_MARKDOWN_MAX) throw new MindImportError('tooLarge');
  return map;
}
