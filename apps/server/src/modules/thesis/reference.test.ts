import { describe, expect, it } from 'vitest';
import { offlineSection, outlinePrompt, sectionPrompt, type Brief } from './outline.ts';

/** A reference document (issue 16) in the thesis prompts and in the offline model's sections. */
const brief: Brief = {
  title: '城市绿道的规划与使用研究',
  kind: '课程论文',
  discipline: '城市规划',
  length: 3000,
  language: '中文',
  requirements: '',
  reference: { title: '城市绿道建设调研报告', text: '本市已建成绿道一百二十公里。周末高峰时段绿道日均客流超过三万人次。部分路段夜间照明不足。' },
};
const outline = [{ key: 'c1', title: '绿道现状', sections: [{ key: 's1', title: '建设规模', chars: 600 }, { key: 's2', title: '使用情况', chars: 600 }] }];

describe('a thesis with a reference document', () => {
  it('the outline and every section prompt carry the reference text, named by the document', () => {
    for (const messages of [outlinePrompt(brief), sectionPrompt(brief, outline, 0, 1, '')]) {
      const user = messages.at(-1)!.content as string;
      expect(user).toContain('《城市绿道建设调研报告》');
      expect(user).toContain('周末高峰时段绿道日均客流超过三万人次');
    }
  });

  it('without one, no reference part', () => {
    const user = outlinePrompt({ ...brief, reference: null }).at(-1)!.content as string;
    expect(user).not.toContain('参考资料');
  });

  it('the offline model quotes a sentence of the reference in a section', () => {
    const text = offlineSection(brief, '绿道现状', '使用情况', 600);
    expect(text).toContain('参考资料《城市绿道建设调研报告》写道：“');
    expect(text).toMatch(/一百二十公里|三万人次|照明不足/);
    expect(offlineSection({ ...brief, reference: null }, '绿道现状', '使用情况', 600)).not.toContain('参考资料');
  });
});
