import { describe, expect, it } from 'vitest';
import {
  applyNumberMinimum,
  initialTemplateValues,
  templateFields,
  templateValueMax,
  validateTemplateForm,
  type TemplateVariables,
} from './template-form.ts';

const vars: TemplateVariables = {
  topic: { name: '主题', form_type: 'input_text', placeholder: '例如：露营', tip: '', require: true },
  words: { name: '字数', form_type: 'input_number', placeholder: '300', tip: '', require: true, limit_min: 100 },
  tone: { name: '语气', form_type: 'select', placeholder: '请选择', tip: '', require: false, select_values: ['正式', '活泼'] },
  extra: { name: '补充', form_type: 'input_textarea', placeholder: '', tip: '', require: false },
};

describe('initial values and fields', () => {
  it('start empty, in the declared order', () => {
    expect(initialTemplateValues(vars)).toEqual({ topic: '', words: '', tone: '', extra: '' });
    expect(templateFields(vars).map((f) => f.key)).toEqual(['topic', 'words', 'tone', 'extra']);
    expect(templateFields(vars)[1]).toMatchObject({ key: 'words', name: '字数', limit_min: 100 });
  });
});

describe('validateTemplateForm', () => {
  it('accepts a valid form and gives the values to send', () => {
    const r = validateTemplateForm(vars, { topic: ' 露营 ', words: '300', tone: '活泼', extra: '' });
    expect(r).toMatchObject({ ok: true, errors: {}, message: null, firstKey: null, resets: {} });
    expect(r.values).toEqual({ topic: '露营', words: '300', tone: '活泼', extra: '' });
  });

  it('required fields left empty (or blank) → 请正确输入必填项, the first one named', () => {
    const r = validateTemplateForm(vars, { topic: '   ', words: '' });
    expect(r.ok).toBe(false);
    expect(r.message).toBe('请正确输入必填项');
    expect(r.firstKey).toBe('topic');
    expect(r.errors).toEqual({ topic: '请正确输入必填项', words: '请正确输入必填项' });
  });

  it('a number below limit_min → 输入值必须大于{min} and a reset to the minimum', () => {
    const r = validateTemplateForm(vars, { topic: 'x', words: '50' });
    expect(r.ok).toBe(false);
    expect(r.message).toBe('输入值必须大于100');
    expect(r.errors.words).toBe('输入值必须大于100');
    expect(r.resets).toEqual({ words: '100' });
  });

  it('the minimum itself is accepted; numbers are normalised', () => {
    expect(validateTemplateForm(vars, { topic: 'x', words: '100' }).ok).toBe(true);
    expect(validateTemplateForm(vars, { topic: 'x', words: 120 }).values.words).toBe('120');
    expect(validateTemplateForm(vars, { topic: 'x', words: ' 0150 ' }).values.words).toBe('150');
  });

  it('a number field with text is refused', () => {
    const r = validateTemplateForm(vars, { topic: 'x', words: '很多' });
    expect(r.errors.words).toBe('字数请输入数字');
  });

  it('a select value outside its list is refused; an empty optional select is fine', () => {
    expect(validateTemplateForm(vars, { topic: 'x', words: '100', tone: '随便' }).errors.tone).toBe('请从列表中选择语气');
    expect(validateTemplateForm(vars, { topic: 'x', words: '100', tone: '' }).ok).toBe(true);
  });

  it('caps lengths per form type', () => {
    expect(templateValueMax(vars.topic!)).toBe(500);
    expect(templateValueMax(vars.extra!)).toBe(5000);
    const r = validateTemplateForm(vars, { topic: '字'.repeat(501), words: '100' });
    expect(r.errors.topic).toBe('主题最多500个字');
    expect(validateTemplateForm(vars, { topic: 'x', words: '100', extra: '字'.repeat(5000) }).ok).toBe(true);
  });

  it('drops keys that are not declared and ignores values that are not text or numbers', () => {
    const r = validateTemplateForm(vars, { topic: 'x', words: '100', other: 'y', extra: { a: 1 } });
    expect(r.values).toEqual({ topic: 'x', words: '100', tone: '', extra: '' });
  });
});

describe('applyNumberMinimum (SPEC §5 reset rule)', () => {
  it('resets a value below the minimum to it, with the message', () => {
    expect(applyNumberMinimum(vars.words!, '20')).toEqual({ value: '100', message: '输入值必须大于100' });
    expect(applyNumberMinimum({ form_type: 'input_number', limit_min: 0 }, '-1')).toEqual({ value: '0', message: '输入值必须大于0' });
  });

  it('leaves the minimum, larger values, empty and non-numbers, and other types alone', () => {
    expect(applyNumberMinimum(vars.words!, '100')).toEqual({ value: '100', message: null });
    expect(applyNumberMinimum(vars.words!, '500')).toEqual({ value: '500', message: null });
    expect(applyNumberMinimum(vars.words!, '')).toEqual({ value: '', message: null });
    expect(applyNumberMinimum(vars.words!, 'abc')).toEqual({ value: 'abc', message: null });
    expect(applyNumberMinimum(vars.topic!, '1')).toEqual({ value: '1', message: null });
    expect(applyNumberMinimum({ form_type: 'input_number' }, '-5')).toEqual({ value: '-5', message: null });
  });
});
