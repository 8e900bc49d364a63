import { describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { importMarkdown, importMindFile, importXmind } from './import.ts';
import { MindImportError, MIND_IMPORT_LIMITS } from './import-limits.ts';
import { parseOutline } from './outline.ts';
import { fromXmind, toXmind } from './xmind.ts';

const MD = [
  '# 大模型应用落地',
  '## 检索增强',
  '### 通过检索增强生成获得真实内容，并在回答中标注来源，降低大模型幻觉的风险',
  '- 切分文档',
  '  - 按标题切分，保留上下文',
  '- **向量**检索',
  '## 评测与上线',
  '### 灰度发布',
].join('\n');

const problemOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof MindImportError ? e.problem : `other: ${String(e)}`;
  }
  return 'none';
};

describe('.xmind export', () => {
  it('is an XMind zip: content.json sheets with rootTopic and attached children, metadata.json, manifest.json', () => {
    const files = unzipSync(toXmind(parseOutline(MD, 'x')));
    expect(Object.keys(files).sort()).toEqual(['content.json', 'manifest.json', 'metadata.json']);
    const sheets = JSON.parse(strFromU8(files['content.json']!)) as { class: string; title: string; rootTopic: { id: string; title: string; children: { attached: { title: string; children?: { attached: { title: string }[] } }[] } } }[];
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.class).toBe('sheet');
    const root = sheets[0]!.rootTopic;
    expect(root.title).toBe('大模型应用落地');
    expect(root.id).toMatch(/^[0-9a-z]{10,}$/);
    expect(root.children.attached.map((t) => t.title)).toEqual(['检索增强', '评测与上线']);
    expect(root.children.attached[0]!.children!.attached[0]!.title).toBe('通过检索增强生成获得真实内容，并在回答中标注来源，降低大模型幻觉的风险');
    expect(JSON.parse(strFromU8(files['manifest.json']!))).toEqual({ 'file-entries': { 'content.json': {}, 'metadata.json': {} } });
    expect(JSON.parse(strFromU8(files['metadata.json']!)).activeSheetId).toBe((sheets[0] as unknown as { id: string }).id);
  });

  it('round-trips: export then import gives the same tree and an outline that draws it', () => {
    const tree = parseOutline(MD, 'x');
    expect(fromXmind(toXmind(tree))).toEqual(tree);
    const back = importXmind(toXmind(tree), '任意.xmind');
    expect(back.title).toBe('大模型应用落地');
    expect(parseOutline(back.markdown, 'x')).toEqual(tree);
    expect(back.markdown.split('\n')[0]).toBe('# 大模型应用落地');
  });
});

describe('.xmind import', () => {
  it('reads an XMind 8 content.xml', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" version="2.0"><sheet id="s1"><topic id="t0"><title>旅行计划</title><children><topics type="attached"><topic id="t1"><title>交通</title><children><topics type="attached"><topic id="t3"><title>高铁二等座</title></topic></topics></children></topic><topic id="t2"><title>住宿</title></topic></topics><topics type="detached"><topic id="t9"><title>浮动主题</title></topic></topics></children></topic><title>画布 1</title></sheet></xmap-content>`;
    const map = importXmind(zipSync({ 'content.xml': strToU8(xml), 'META-INF/manifest.xml': strToU8('<manifest/>') }), '旅行.xmind');
    expect(map.markdown).toBe('# 旅行计划\n## 交通\n### 高铁二等座\n## 住宿');
  });

  it('prefers content.json when XMind wrote both (its content.xml is then only a notice)', () => {
    const zip = unzipSync(toXmind(parseOutline('# 新版\n## 分支', 'x')));
    zip['content.xml'] = strToU8('<?xml version="1.0"?><xmap-content><sheet><topic><title>请升级</title></topic></sheet></xmap-content>');
    expect(importXmind(zipSync(zip), 'a.xmind').markdown).toBe('# 新版\n## 分支');
  });

  it('refuses a file that is not a zip, a zip without content.json, and broken content', () => {
    expect(problemOf(() => importXmind(strToU8('# 只是文本'), 'a.xmind'))).toBe('notXmind');
    expect(problemOf(() => importXmind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'a.xmind'))).toBe('notXmind');
    expect(problemOf(() => importXmind(zipSync({ 'metadata.json': strToU8('{}') }), 'a.xmind'))).toBe('noContent');
    expect(problemOf(() => importXmind(zipSync({ 'content.json': strToU8('{not json') }), 'a.xmind'))).toBe('notXmind');
    expect(problemOf(() => importXmind(zipSync({ 'content.json': strToU8('[{"title":"no root"}]') }), 'a.xmind'))).toBe('notXmind');
    expect(problemOf(() => importXmind(zipSync({ 'content.xml': strToU8('<!DOCTYPE x [<!ENTITY a "aaaa">]><xmap-content/>') }), 'a.xmind'))).toBe('notXmind');
  });

  it('refuses a zip bomb by its declared size, before inflating it', () => {
    const bomb = zipSync({ 'content.json': new Uint8Array(MIND_IMPORT_LIMITS.contentBytes + 1).fill(32) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(problemOf(() => importXmind(bomb, 'a.xmind'))).toBe('tooLarge');
  });

  it('never inflates past a declared size that lies: the content comes out cut and is refused', () => {
    const json = JSON.stringify([{ rootTopic: { title: '根', children: { attached: Array.from({ length: 50 }, (_, i) => ({ title: `节点 ${i}` })) } } }]);
    const zip = zipSync({ 'content.json': strToU8(json) });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    // The uncompressed size in the local header and in the central directory: say 40 bytes.
    view.setUint32(22, 40, true);
    for (let i = zip.length - 22; i >= 0; i--) {
      if (view.getUint32(i, true) === 0x02014b50) {
        view.setUint32(i + 24, 40, true);
        break;
      }
    }
    expect(problemOf(() => importXmind(zip, 'a.xmind'))).toBe('notXmind');
  });

  it('refuses a file over the size limit, too many nodes, and too deep a tree', () => {
    expect(problemOf(() => importXmind(new Uint8Array(MIND_IMPORT_LIMITS.fileBytes + 1), 'a.xmind'))).toBe('tooLarge');
    const wide = { title: '根', children: Array.from({ length: MIND_IMPORT_LIMITS.nodes }, (_, i) => ({ title: `n${i}`, children: [] })) };
    expect(problemOf(() => importXmind(toXmind(wide), 'a.xmind'))).toBe('tooManyNodes');
    let deep = { title: 'leaf', children: [] as unknown[] };
    for (let i = 0; i < MIND_IMPORT_LIMITS.depth + 5; i++) deep = { title: `d${i}`, children: [deep] };
    const json = JSON.stringify([{ rootTopic: JSON.parse(JSON.stringify(deep, (k, v: unknown) => (k === 'children' ? { attached: v } : v))) as unknown }]);
    expect(problemOf(() => importXmind(zipSync({ 'content.json': strToU8(json) }), 'a.xmind'))).toBe('tooManyNodes');
  });
});

describe('markdown import', () => {
  it('keeps an outline with its own root as written', () => {
    expect(importMarkdown(`\uFEFF${MD.replace(/\n/g, '\r\n')}\r\n`, 'a.md')).toEqual({ title: '大模型应用落地', markdown: MD });
    expect(importMarkdown('```markdown\n# 主题\n## 分支\n```', 'a.md').markdown).toBe('# 主题\n## 分支');
  });

  it('puts a list without a root under one named after the file', () => {
    expect(importMarkdown('- 甲\n  - 甲一\n- 乙', '周计划.md')).toEqual({ title: '周计划', markdown: '# 周计划\n## 甲\n### 甲一\n## 乙' });
  });

  it('refuses an empty file and one with too many nodes', () => {
    expect(problemOf(() => importMarkdown('  \n\n', 'a.md'))).toBe('empty');
    expect(problemOf(() => importMarkdown(`# 根\n${'- 节点\n'.repeat(MIND_IMPORT_LIMITS.nodes)}`, 'a.md'))).toBe('tooManyNodes');
  });
});

describe('a picked file', () => {
  it('is read by its extension; anything else is refused before it is read', async () => {
    await expect(importMindFile(new File([MD], '计划.md'))).resolves.toEqual({ title: '大模型应用落地', markdown: MD });
    await expect(importMindFile(new File([toXmind(parseOutline(MD, 'x')) as Uint8Array<ArrayBuffer>], '计划.XMIND'))).resolves.toMatchObject({ title: '大模型应用落地' });
    await expect(importMindFile(new File(['x'], 'a.docx'))).rejects.toMatchObject({ problem: 'unsupported' });
  });
});
