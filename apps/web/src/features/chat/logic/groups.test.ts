import { describe, expect, it } from 'vitest';
import type { Group } from '../types.ts';
import { filterGroups, hasUnsavedGroup, selectAfterDelete, splitSticky } from './groups.ts';

const g = (uuid: number, title = `对话${uuid}`, isSticky = false): Group => ({ uuid, title, model: 'ai_35', isSticky, appId: null, type: 1, created_at: '' });

describe('selectAfterDelete (SPEC §4.1)', () => {
  it('moves to the group now at the same position', () => {
    // [1,2,3] minus 2 at index 1 reloads as [1,3]
    expect(selectAfterDelete([g(1), g(3)], 1)).toBe(3);
  });
  it('else to the previous one', () => {
    expect(selectAfterDelete([g(1), g(2)], 2)).toBe(2);
  });
  it('else to the first', () => {
    expect(selectAfterDelete([g(5)], 0)).toBe(5);
  });
  it('else 0 when the list is empty', () => {
    expect(selectAfterDelete([], 0)).toBe(0);
    expect(selectAfterDelete([], 3)).toBe(0);
  });
});

describe('hasUnsavedGroup', () => {
  it('is true only when the first group has no uuid', () => {
    expect(hasUnsavedGroup([g(0), g(1)])).toBe(true);
    expect(hasUnsavedGroup([g(1), g(0)])).toBe(false);
    expect(hasUnsavedGroup([])).toBe(false);
  });
});

describe('filterGroups', () => {
  it('matches by substring on the title', () => {
    const list = [g(1, '周报生成'), g(2, '写一封请假邮件'), g(3, 'Python 学习计划')];
    expect(filterGroups(list, '邮件').map((x) => x.uuid)).toEqual([2]);
    expect(filterGroups(list, 'python').map((x) => x.uuid)).toEqual([3]);
    expect(filterGroups(list, '  ')).toHaveLength(3);
    expect(filterGroups(list, '不存在')).toEqual([]);
  });
});

describe('splitSticky', () => {
  it('puts sticky groups apart', () => {
    const { sticky, others } = splitSticky([g(0), g(1, 'a', true), g(2)]);
    expect(sticky.map((x) => x.uuid)).toEqual([1]);
    expect(others.map((x) => x.uuid)).toEqual([0, 2]);
  });
});
