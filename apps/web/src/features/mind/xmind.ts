/**
 * .xmind files: XMind (2020 and later, "Zen") writes a zip holding content.json (an array of
 * sheets, each with a rootTopic whose children.attached are its subtopics), metadata.json and
 * manifest.json. XMind 8 wrote content.xml instead (xmap-content > sheet > topic > children >
 * topics[type=attached] > topic). Both are read; the newer one is written.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { countNodes, type OutlineNode } from './outline.ts';
import { MindImportError, MIND_IMPORT_LIMITS } from './import-limits.ts';

interface XmindTopic {
  id: string;
  class: 'topic';
  title: string;
  structureClass?: string;
  children?: { attached: XmindTopic[] };
}

/** Ids XMind accepts: unique strings (random, from a source that also works on plain http). */
function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(13));
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('').slice(0, 26);
}

function topicOf(node: OutlineNode): XmindTopic {
  const topic: XmindTopic = { id: newId(), class: 'topic', title: node.title };
  if (node.children.length) topic.children = { attached: node.children.map(topicOf) };
  return topic;
}

/** A .xmind file of the tree (one sheet, logic chart to the right, like the map on screen). */
export function toXmind(root: OutlineNode, creator = { name: 'mindmap', version: '1.0' }): Uint8Array {
  const sheetId = newId();
  const content = [
    {
      id: sheetId,
      class: 'sheet',
      title: root.title,
      rootTopic: { ...topicOf(root), structureClass: 'org.xmind.ui.logic.right' },
      topicPositioning: 'fixed',
    },
  ];
  const metadata = { creator, activeSheetId: sheetId };
  const manifest = { 'file-entries': { 'content.json': {}, 'metadata.json': {} } };
  return zipSync(
    {
      'content.json': strToU8(JSON.stringify(content)),
      'metadata.json': strToU8(JSON.stringify(metadata)),
      'manifest.json': strToU8(JSON.stringify(manifest)),
    },
    { level: 6 },
  );
}

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * The entries we read, inflated only after their declared size passed the limit. fflate inflates
 * into a buffer of the declared size, so a header that lies cannot make it write more: the
 * content comes out cut and fails to parse.
 */
function readEntries(bytes: Uint8Array): Record<string, Uint8Array> {
  if (bytes.length > MIND_IMPORT_LIMITS.fileBytes) throw new MindImportError('tooLarge');
  if (!isZip(bytes)) throw new MindImportError('notXmind');
  let entries = 0;
  let tooBig = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        entries += 1;
        if (f.name !== 'content.json' && f.name !== 'content.xml') return false;
        if (f.originalSize > MIND_IMPORT_LIMITS.contentBytes) tooBig = true;
        return !tooBig;
      },
    });
  } catch {
    throw new MindImportError('notXmind');
  }
  if (tooBig || entries > MIND_IMPORT_LIMITS.zipEntries) throw new MindImportError('tooLarge');
  return files;
}

/** Walks topics breadth-first-safe (no recursion on untrusted depth), counting as it goes. */
function treeOf<T>(top: T, titleOf: (t: T) => string, childrenOf: (t: T) => T[]): OutlineNode {
  const root: OutlineNode = { title: titleOf(top), children: [] };
  const todo: { topic: T; node: OutlineNode; depth: number }[] = [{ topic: top, node: root, depth: 0 }];
  let count = 1;
  while (todo.length) {
    const { topic, node, depth } = todo.pop()!;
    const kids = childrenOf(topic);
    if (kids.length && depth >= MIND_IMPORT_LIMITS.depth) throw new MindImportError('tooManyNodes');
    count += kids.length;
    if (count > MIND_IMPORT_LIMITS.nodes) throw new MindImportError('tooManyNodes');
    for (const k of kids) {
      const child: OutlineNode = { title: titleOf(k), children: [] };
      node.children.push(child);
      todo.push({ topic: k, node: child, depth: depth + 1 });
    }
  }
  return root;
}

const titleText = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '');

function fromContentJson(text: string): OutlineNode {
  let sheets: unknown;
  try {
    sheets = JSON.parse(text);
  } catch {
    throw new MindImportError('notXmind');
  }
  const first: unknown = Array.isArray(sheets) ? sheets[0] : undefined;
  const rootTopic = first && typeof first === 'object' ? (first as { rootTopic?: unknown }).rootTopic : undefined;
  if (!rootTopic || typeof rootTopic !== 'object') throw new MindImportError('notXmind');
  type Topic = { title?: unknown; children?: { attached?: unknown } };
  return treeOf<Topic>(
    rootTopic,
    (t) => titleText(t.title),
    (t) => {
      const list = t.children && typeof t.children === 'object' ? t.children.attached : undefined;
      return Array.isArray(list) ? (list.filter((x) => x && typeof x === 'object') as Topic[]) : [];
    },
  );
}

const childElements = (el: Element, name: string) => Array.from(el.children).filter((c) => c.localName === name);

function fromContentXml(text: string): OutlineNode {
  // No DOCTYPE: nothing to expand, no entity tricks.
  if (/<!DOCTYPE/i.test(text)) throw new MindImportError('notXmind');
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) throw new MindImportError('notXmind');
  const sheet = childElements(doc.documentElement, 'sheet')[0];
  const topic = sheet && childElements(sheet, 'topic')[0];
  if (!topic) throw new MindImportError('notXmind');
  return treeOf<Element>(
    topic,
    (t) => titleText(childElements(t, 'title')[0]?.textContent ?? ''),
    (t) => {
      const children = childElements(t, 'children')[0];
      if (!children) return [];
      return childElements(children, 'topics')
        .filter((g) => (g.getAttribute('type') ?? 'attached') === 'attached')
        .flatMap((g) => childElements(g, 'topic'));
    },
  );
}

/** The first sheet of a .xmind file as a tree; a clear MindImportError for anything else. */
export function fromXmind(bytes: Uint8Array): OutlineNode {
  const files = readEntries(bytes);
  const json = files['content.json'];
  const xml = files['content.xml'];
  const root = json ? fromContentJson(strFromU8(json)) : xml ? fromContentXml(strFromU8(xml)) : null;
  if (!root) throw new MindImportError('noContent');
  if (countNodes(root) < 1 || (!root.title && !root.children.length)) throw new MindImportError('empty');
  return root;
}
