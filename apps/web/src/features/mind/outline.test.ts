import { describe, expect, it } from 'vitest';
import { countNodes, outlineMarkdown, parseOutline, plainTitle } from './outline.ts';

describe('the outline as a tree', () => {
  it('nests headings by level and list items by indentation, paragraphs as leaves', () => {
    const tree = parseOutline('# 根\n## 枝一\n说明一句\n### 叶\n- 细节 A\n  - 更细 B\n- 细节 C\n## 枝二\n```\n# 不是节点\n```', 'x');
    expect(tree).toEqual({
      title: '根',
      children: [
        { title: '枝一', children: [{ title: '说明一句', children: [] }, { title: '叶', children: [{ title: '细节 A', children: [{ title: '更细 B', children: [] }] }, { title: '细节 C', children: [] }] }] },
        { title: '枝二', children: [] },
      ],
    });
    expect(countNodes(tree)).toBe(8);
  });

  it('puts several top nodes under a root named by the caller', () => {
    expect(parseOutline('- 甲\n- 乙', '导图')).toEqual({ title: '导图', children: [{ title: '甲', children: [] }, { title: '乙', children: [] }] });
  });

  it('keeps the text of inline markdown', () => {
    expect(plainTitle('**重点**：见 [文档](https://a.b) 与 `code`')).toBe('重点：见 文档 与 code');
  });

  it('writes a tree back as headings then an indented list, and reads it back the same', () => {
    const tree = { title: '根', children: [{ title: '一', children: [{ title: '二', children: [{ title: '三', children: [{ title: '四', children: [] }] }] }] }] };
    const md = outlineMarkdown(tree);
    expect(md).toBe('# 根\n## 一\n### 二\n- 三\n  - 四');
    expect(parseOutline(md, 'x')).toEqual(tree);
  });
});
