import { describe, expect, it } from 'vitest';
import { draftToBody, insertToken, newVariable, validateDraft, type AppDraft, type VariableDraft } from './custom-app-form.ts';
import { matchesKeyword, withParam } from './filter.ts';

const row = (patch: Partial<VariableDraft>): VariableDraft => ({ ...newVariable([]), ...patch });

describe('the create-app form', () => {
  it('numbers new variables var1, var2… skipping keys in use', () => {
    const a = newVariable([]);
    expect(a.key).toBe('var1');
    const b = newVariable([a, row({ key: 'var2' })]);
    expect(b.key).toBe('var3');
    expect(b.uid).not.toBe(a.uid);
  });

  it('turns the rows into the body: options split by line, a minimum only for numbers', () => {
    const d: AppDraft = {
      title: ' 标题 ',
      description: '',
      prompt: '{{a}}{{b}}{{c}}',
      variables: [
        row({ key: 'a', name: '甲', form_type: 'select', options: '一\n\n 二 \n' }),
        row({ key: 'b', name: '乙', form_type: 'input_number', limit_min: '5' }),
        row({ key: 'c', name: '丙', form_type: 'input_text', limit_min: '9', require: false }),
      ],
    };
    expect(draftToBody(d)).toEqual({
      title: '标题',
      description: '',
      prompt: '{{a}}{{b}}{{c}}',
      variables: {
        a: { name: '甲', form_type: 'select', placeholder: '', tip: '', require: true, select_values: ['一', '二'] },
        b: { name: '乙', form_type: 'input_number', placeholder: '', tip: '', require: true, limit_min: 5 },
        c: { name: '丙', form_type: 'input_text', placeholder: '', tip: '', require: false },
      },
    });
    expect(validateDraft(d).first).toBeNull();
  });

  it('places each problem on its row and field', () => {
    const a = row({ key: 'a', name: '', form_type: 'select', options: '' });
    const b = row({ key: 'a', name: '乙' });
    const c = row({ key: '', name: '丙' });
    const n = row({ key: 'n', name: '数', form_type: 'input_number', limit_min: 'x' });
    const e = validateDraft({ title: '', description: '', prompt: '{{a}}{{n}}{{zz}}', variables: [a, b, c, n] });
    expect(e.title).toBe('请输入应用名称');
    expect(e.prompt).toBe('提示词中的 {{zz}} 没有对应的变量，请添加该变量或删除它');
    expect(e.rows[b.uid]!.key).toBe('变量名「a」重复了');
    expect(e.rows[c.uid]!.key).toBe('请填写变量名');
    expect(e.rows[n.uid]!.limit_min).toBe('最小值必须是数字');
    expect(e.first).toBe('变量名「a」重复了');
  });

  it('inserts {{key}} at the cursor, or at the end', () => {
    expect(insertToken('写一首诗', 'x', 1, 1)).toEqual({ text: '写{{x}}一首诗', cursor: 6 });
    expect(insertToken('写一首诗', 'x', 1, 3)).toEqual({ text: '写{{x}}诗', cursor: 6 });
    expect(insertToken('写', 'x')).toEqual({ text: '写{{x}}', cursor: 6 });
  });
});

describe('store filters', () => {
  it('matches a keyword in the title, description or category, ignoring case', () => {
    const app = { title: 'PPT 大纲', description: '生成演示文稿', category: '工作' };
    expect(matchesKeyword(app, 'ppt')).toBe(true);
    expect(matchesKeyword(app, '演示')).toBe(true);
    expect(matchesKeyword(app, '工作')).toBe(true);
    expect(matchesKeyword(app, '  ')).toBe(true);
    expect(matchesKeyword(app, '论文')).toBe(false);
  });

  it('keeps the tab and the keyword in the query, dropping defaults', () => {
    const p = new URLSearchParams('tab=3&x=1');
    expect(withParam(p, 'tab', 'all').toString()).toBe('x=1');
    expect(withParam(p, 'q', '周报').toString()).toBe('tab=3&x=1&q=%E5%91%A8%E6%8A%A5');
    expect(withParam(new URLSearchParams('q=a'), 'q', '').toString()).toBe('');
  });
});
