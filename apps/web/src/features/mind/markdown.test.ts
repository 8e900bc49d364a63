import { describe, expect, it } from 'vitest';
import { drawable, fileNameOf, nodeTexts, unfence } from './markdown.ts';

describe('what of a streaming outline is drawn', () => {
  it('leaves out the unfinished last line while streaming, nothing once done', () => {
    expect(drawable('# 主题\n## 分支一\n## 分', true)).toBe('# 主题\n## 分支一');
    expect(drawable('# 主', true)).toBe('');
    expect(drawable('# 主题\n## 分支', false)).toBe('# 主题\n## 分支');
  });

  it('draws what is inside a code fence the model wrapped around the outline', () => {
    expect(unfence('```markdown\n# 主题\n## 分支\n```')).toBe('# 主题\n## 分支');
    expect(unfence('```\n# 主题\n## 分')).toBe('# 主题\n## 分');
    expect(unfence('# 主题')).toBe('# 主题');
  });

  it('lists every node of an outline, and makes a safe file name', () => {
    expect(nodeTexts('# 根\n\n## 枝\n### 叶\n- 细节 A\n  - 更细 B\n1. 第一\n普通段落')).toEqual(['根', '枝', '叶', '细节 A', '更细 B', '第一']);
    expect(fileNameOf('a/b: c?', 'svg')).toBe('a b c .svg'.replace(' .', '.'));
    expect(fileNameOf('   ', 'png')).toBe('mindmap.png');
  });
});
