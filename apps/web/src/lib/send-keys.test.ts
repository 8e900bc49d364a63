import { describe, expect, it } from 'vitest';
import { isSendKey } from './send-keys.ts';

const key = (patch: Partial<Parameters<typeof isSendKey>[0]> = {}) => ({ key: 'Enter', shiftKey: false, ctrlKey: false, metaKey: false, ...patch });

describe('isSendKey', () => {
  it('desktop: Enter sends, Shift+Enter does not', () => {
    expect(isSendKey(key(), false)).toBe(true);
    expect(isSendKey(key({ shiftKey: true }), false)).toBe(false);
    expect(isSendKey(key({ key: 'a' }), false)).toBe(false);
  });

  it('mobile: Enter is a newline, Ctrl+Enter (or ⌘+Enter) sends', () => {
    expect(isSendKey(key(), true)).toBe(false);
    expect(isSendKey(key({ ctrlKey: true }), true)).toBe(true);
    expect(isSendKey(key({ metaKey: true }), true)).toBe(true);
    expect(isSendKey(key({ shiftKey: true }), true)).toBe(false);
  });

  it('never sends while an input method is composing', () => {
    expect(isSendKey(key({ isComposing: true }), false)).toBe(false);
    expect(isSendKey(key({ keyCode: 229 }), false)).toBe(false);
    expect(isSendKey(key({ ctrlKey: true, isComposing: true }), true)).toBe(false);
  });
});
