import { describe, expect, it } from 'vitest';
import { readSeed, SEED_APP_CATEGORIES, SEED_EXPERTS, SEED_TEMPLATES, seedSchemas, type FormType } from './seed-apps.ts';

const FORM_TYPES: FormType[] = ['input_text', 'input_textarea', 'input_number', 'select'];
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Every `{{...}}` in a prompt, whatever is inside it. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

function placeholders(prompt: string): string[] {
  return [...prompt.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

function duplicates(values: string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

describe('seed app categories', () => {
  it('have unique names, kebab-case icons and both kinds', () => {
    expect(duplicates(SEED_APP_CATEGORIES.map((c) => c.name))).toEqual([]);
    for (const c of SEED_APP_CATEGORIES) {
      expect(c.name.trim(), JSON.stringify(c)).not.toBe('');
      expect(c.icon, c.name).toMatch(KEBAB);
    }
    expect(SEED_APP_CATEGORIES.some((c) => c.kind === 'template')).toBe(true);
    expect(SEED_APP_CATEGORIES.some((c) => c.kind === 'expert')).toBe(true);
  });

  it('are all used by at least one app of their kind', () => {
    for (const c of SEED_APP_CATEGORIES) {
      const apps = c.kind === 'template' ? SEED_TEMPLATES : SEED_EXPERTS;
      expect(apps.some((a) => a.category === c.name), c.name).toBe(true);
    }
  });
});

describe('seed templates', () => {
  it('are at least 30, with unique kebab-case keys and unique titles', () => {
    expect(SEED_TEMPLATES.length).toBeGreaterThanOrEqual(30);
    expect(duplicates(SEED_TEMPLATES.map((t) => t.key))).toEqual([]);
    expect(duplicates(SEED_TEMPLATES.map((t) => t.title))).toEqual([]);
    for (const t of SEED_TEMPLATES) expect(t.key).toMatch(KEBAB);
  });

  it('each sit in an existing template category', () => {
    const names = new Set(SEED_APP_CATEGORIES.filter((c) => c.kind === 'template').map((c) => c.name));
    for (const t of SEED_TEMPLATES) expect(names.has(t.category), `${t.key}: ${t.category}`).toBe(true);
  });

  it('have a title, description, kebab-case icon, prompt and at most 3 questions', () => {
    for (const t of SEED_TEMPLATES) {
      expect(t.title.trim(), t.key).not.toBe('');
      expect(t.description.trim(), t.key).not.toBe('');
      expect(t.prompt.trim(), t.key).not.toBe('');
      expect(t.icon, t.key).toMatch(KEBAB);
      expect(t.questions.length, t.key).toBeLessThanOrEqual(3);
      for (const q of t.questions) expect(q.trim(), t.key).not.toBe('');
    }
  });

  it('declare 2 to 5 variables with ascii keys', () => {
    for (const t of SEED_TEMPLATES) {
      const keys = Object.keys(t.variables);
      expect(keys.length, t.key).toBeGreaterThanOrEqual(2);
      expect(keys.length, t.key).toBeLessThanOrEqual(5);
      for (const k of keys) expect(k, t.key).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(Object.values(t.variables).some((v) => v.require), `${t.key} has no required variable`).toBe(true);
    }
  });

  it('use every declared variable in the prompt, and only declared variables', () => {
    for (const t of SEED_TEMPLATES) {
      const used = new Set(placeholders(t.prompt));
      const declared = new Set(Object.keys(t.variables));
      for (const u of used) expect(declared.has(u), `${t.key}: {{${u}}} is not declared`).toBe(true);
      for (const d of declared) expect(used.has(d), `${t.key}: ${d} is not in the prompt`).toBe(true);
      const leftover = t.prompt.replace(PLACEHOLDER, '');
      expect(leftover.includes('{{') || leftover.includes('}}'), `${t.key}: stray braces`).toBe(false);
    }
  });

  it('give every variable a name, placeholder and tip, and valid form rules', () => {
    for (const t of SEED_TEMPLATES) {
      for (const [k, v] of Object.entries(t.variables)) {
        const where = `${t.key}.${k}`;
        expect(FORM_TYPES, where).toContain(v.form_type);
        expect(v.name.trim(), where).not.toBe('');
        expect(v.placeholder.trim(), where).not.toBe('');
        expect(v.tip.trim(), where).not.toBe('');
        expect(typeof v.require, where).toBe('boolean');
        if (v.form_type === 'input_number') {
          expect(typeof v.limit_min, where).toBe('number');
          expect(Number.isFinite(v.limit_min), where).toBe(true);
        } else {
          expect(v.limit_min, where).toBeUndefined();
        }
        if (v.form_type === 'select') {
          expect(v.select_values?.length ?? 0, where).toBeGreaterThanOrEqual(2);
          expect(duplicates(v.select_values ?? []), where).toEqual([]);
          for (const s of v.select_values ?? []) expect(s.trim(), where).not.toBe('');
        } else {
          expect(v.select_values, where).toBeUndefined();
        }
      }
    }
  });

  it('use every form type, each several times, and have optional variables too', () => {
    const all = SEED_TEMPLATES.flatMap((t) => Object.values(t.variables));
    for (const f of FORM_TYPES) {
      expect(all.filter((v) => v.form_type === f).length, f).toBeGreaterThanOrEqual(5);
    }
    expect(all.some((v) => !v.require)).toBe(true);
  });
});

describe('seed experts', () => {
  it('are at least 12, with unique kebab-case keys and unique titles', () => {
    expect(SEED_EXPERTS.length).toBeGreaterThanOrEqual(12);
    expect(duplicates(SEED_EXPERTS.map((e) => e.key))).toEqual([]);
    expect(duplicates(SEED_EXPERTS.map((e) => e.title))).toEqual([]);
    for (const e of SEED_EXPERTS) expect(e.key).toMatch(KEBAB);
  });

  it('each sit in an existing expert category', () => {
    const names = new Set(SEED_APP_CATEGORIES.filter((c) => c.kind === 'expert').map((c) => c.name));
    for (const e of SEED_EXPERTS) expect(names.has(e.category), `${e.key}: ${e.category}`).toBe(true);
  });

  it('have a persona, description, kebab-case icon and 3 to 4 questions', () => {
    for (const e of SEED_EXPERTS) {
      expect(e.title.trim(), e.key).not.toBe('');
      expect(e.description.trim(), e.key).not.toBe('');
      expect(e.identityDescription.trim(), e.key).not.toBe('');
      expect(e.systemPrompt.trim().length, e.key).toBeGreaterThan(100);
      expect(e.systemPrompt, `${e.key}: system prompts take no variables`).not.toMatch(/\{\{|\}\}/);
      expect(e.icon, e.key).toMatch(KEBAB);
      expect(e.questions.length, e.key).toBeGreaterThanOrEqual(3);
      expect(e.questions.length, e.key).toBeLessThanOrEqual(4);
      expect(duplicates(e.questions), e.key).toEqual([]);
      for (const q of e.questions) expect(q.trim(), e.key).not.toBe('');
    }
  });
});

describe('reading the seed files', () => {
  const template = SEED_TEMPLATES[0]!;

  it('joins a text written as lines with newlines', () => {
    expect(template.prompt).toContain('\n');
    const [parsed] = readSeed('templates.json', seedSchemas.templates, [{ ...template, prompt: ['第一行', '', '{{x}}'] }]);
    expect(parsed!.prompt).toBe('第一行\n\n{{x}}');
    const [plain] = readSeed('templates.json', seedSchemas.templates, [{ ...template, prompt: 'one\ntwo' }]);
    expect(plain!.prompt).toBe('one\ntwo');
  });

  it('refuses a file that does not fit, naming the file and where', () => {
    const { templates, experts, categories } = seedSchemas;
    expect(() => readSeed('templates.json', templates, [{ ...template, variables: { x: { ...Object.values(template.variables)[0]!, form_type: 'checkbox' } } }])).toThrow(
      /db\/seed\/templates\.json does not fit its schema: 0\.variables\.x\.form_type/,
    );
    expect(() => readSeed('templates.json', templates, [{ ...template, extra: 1 }])).toThrow(/templates\.json.*0: .*extra/);
    expect(() => readSeed('experts.json', experts, [{ key: 'x' }])).toThrow(/experts\.json.*0\.category/);
    expect(() => readSeed('app-categories.json', categories, [{ name: '工作', icon: 'x', kind: 'plugin' }])).toThrow(/0\.kind/);
    expect(() => readSeed('app-categories.json', categories, {})).toThrow(/\(root\)/);
  });
});
