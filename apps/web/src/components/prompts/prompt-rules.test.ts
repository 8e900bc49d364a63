import { describe, expect, it } from 'vitest';
import { checkPrompt, exportPrompts, importPrompts, PROMPT_LIST_MAX, searchPrompts, type PromptItem } from './prompt-rules.ts';

const have: PromptItem[] = [
  { key: '翻译官', value: '把我说的话翻译成英文' },
  { key: '周报', value: '根据要点写一份周报' },
];

describe('importPrompts (SPEC §5 import messages)', () => {
  it('adds { key, value } entries first and skips a repeated title or content with a notice each', () => {
    const r = importPrompts(have, JSON.stringify([
      { key: '面试官', value: '扮演面试官问我问题' },
      { key: '翻译官', value: '另一个内容' },
      { key: '新标题', value: '根据要点写一份周报' },
    ]));
    expect(r.refused).toBe(false);
    expect(r.added).toBe(1);
    expect(r.list.map((p) => p.key)).toEqual(['面试官', '翻译官', '周报']);
    expect(r.notices).toEqual([
      { kind: 'repeatTitle', title: '翻译官' },
      { kind: 'repeatContent', title: '新标题' },
    ]);
  });

  it('reads the awesome-chatgpt-prompts shape { act, prompt }', () => {
    const r = importPrompts([], JSON.stringify([{ act: 'Linux Terminal', prompt: 'I want you to act as a linux terminal.' }]));
    expect(r.list).toEqual([{ key: 'Linux Terminal', value: 'I want you to act as a linux terminal.' }]);
  });

  it('refuses the whole file when the keys do not match (键值不匹配)', () => {
    for (const bad of [[{ title: 'a', content: 'b' }], [{ key: 'a', value: 'b' }, { key: 'c' }], [{ act: 'a', prompt: 3 }], [{ key: '', value: 'x' }], [{ key: 'x'.repeat(101), value: 'y' }]]) {
      const r = importPrompts(have, JSON.stringify(bad));
      expect(r, JSON.stringify(bad)).toMatchObject({ refused: true, added: 0, notices: [{ kind: 'keyMismatch' }] });
      expect(r.list).toEqual(have);
    }
  });

  it('refuses what is not a JSON list as a bad file', () => {
    for (const bad of ['', 'not json', '{"key":"a","value":"b"}', '[]', '[1,2]', 'null']) {
      expect(importPrompts(have, bad), bad).toMatchObject({ refused: true, notices: [{ kind: 'badFile' }] });
    }
  });

  it('stops at the list limit', () => {
    const full = Array.from({ length: PROMPT_LIST_MAX - 1 }, (_, i) => ({ key: `k${i}`, value: `v${i}` }));
    const r = importPrompts(full, JSON.stringify([{ key: 'a', value: 'a' }, { key: 'b', value: 'b' }]));
    expect(r.added).toBe(1);
    expect(r.list).toHaveLength(PROMPT_LIST_MAX);
    expect(r.notices).toEqual([{ kind: 'full' }]);
  });

  it('reads back what it downloads', () => {
    expect(importPrompts([], exportPrompts(have)).list).toEqual([...have].reverse());
  });
});

describe('checkPrompt and searchPrompts', () => {
  it('refuses a blank, a repeated title or a repeated content, but not the entry being edited', () => {
    expect(checkPrompt(have, { key: ' ', value: 'x' }, null)).toBe('empty');
    expect(checkPrompt(have, { key: '翻译官', value: 'x' }, null)).toBe('repeatTitle');
    expect(checkPrompt(have, { key: 'x', value: '根据要点写一份周报' }, null)).toBe('repeatContent');
    expect(checkPrompt(have, { key: '翻译官', value: '把我说的话翻译成日文' }, 0)).toBeNull();
  });

  it('finds by title or content', () => {
    expect(searchPrompts(have, '周').map((p) => p.key)).toEqual(['周报']);
    expect(searchPrompts(have, '英文').map((p) => p.key)).toEqual(['翻译官']);
    expect(searchPrompts(have, '')).toHaveLength(2);
  });
});
