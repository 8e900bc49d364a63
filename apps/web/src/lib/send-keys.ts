export interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** True while an IME is composing (pinyin): Enter then picks a candidate. */
  isComposing?: boolean;
  keyCode?: number;
}

/**
 * SPEC §5: on desktop Enter sends and Shift+Enter is a newline; on mobile Enter is a newline and
 * Ctrl+Enter sends (⌘+Enter too). Never while an input method is composing.
 */
export function isSendKey(e: KeyLike, mobile: boolean): boolean {
  if (e.key !== 'Enter' || e.isComposing || e.keyCode === 229) return false;
  if (mobile) return e.ctrlKey || e.metaKey;
  return !e.shiftKey;
}
