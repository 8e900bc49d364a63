import { describe, expect, it } from 'vitest';
import { checkCustomApp, checkTemplateValues, fillTemplatePrompt, promptKeys } from './template-form.ts';

describe('template prompts', () => {
  it('fills each {{key}} once, never expanding braces typed in a value', () => {
    expect(fillTemplatePrompt('写{{a}}和{{b}}，再写{{a}}', { a: '{{b}}', b: '诗' })).toBe('写{{b}}和诗，再写{{b}}');
    expect(fillTemplatePrompt('{{unknown}} 保留', {})).toBe('{{unknown}} 保留');
    expect(promptKeys('{{a}} {{b}} {{a}} {{ c }}')).toEqual(['a', 'b', ' c ']);
  });

  it('checks values in the declared order', () => {
    const { issues } = checkTemplateValues(
      {
        z: { name: 'Z', form_type: 'input_text', placeholder: '', tip: '', require: true },
        a: { name: 'A', form_type: 'input_number', placeholder: '', tip: '', require: true, limit_min: 2 },
      },
      { a: 1 },
    );
    expect(issues.map((i) => [i.key, i.kind, i.message])).toEqual([
      ['z', 'required', '请正确输入必填项'],
      ['a', 'min', '输入值必须大于2'],
    ]);
  });
});

describe('custom apps', () => {
  it('drops fields that do not apply to a form type', () => {
    const { issues, variables } = checkCustomApp({
      title: 't',
      description: '',
      prompt: '{{a}}',
      variables: { a: { name: 'A', form_type: 'input_text', require: 'true', limit_min: 3, select_values: ['x'] } },
    });
    expect(issues).toEqual([]);
    expect(variables).toEqual({ a: { name: 'A', form_type: 'input_text', placeholder: '', tip: '', require: true } });
  });

  it('refuses keys that could reach object internals', () => {
    const { issues } = checkCustomApp({ title: 't', description: '', prompt: 'x', variables: JSON.parse('{"__proto__": {"name": "p", "form_type": "input_text"}}') });
    expect(issues[0]!.path).toBe('variables.__proto__');
  });
});
