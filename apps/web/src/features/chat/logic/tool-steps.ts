import type { ToolStep } from '@app/shared';

/** A `tool` event: the same id again replaces the earlier state of that call, a new id comes last. */
export function applyToolStep(steps: readonly ToolStep[] | undefined, step: ToolStep): ToolStep[] {
  const list = steps ? steps.slice() : [];
  const i = list.findIndex((s) => s.id === step.id);
  if (i >= 0) list[i] = step;
  else list.push(step);
  return list;
}

/** The model's arguments as indented JSON (text that is not JSON as it came). */
export function prettyArguments(text: string): string {
  if (!text.trim()) return '{}';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** How much of a result shows before 展开全部. */
export const RESULT_PREVIEW = 600;

/** The first `max` characters of a result (by code point) and whether there is more. */
export function previewResult(text: string, max = RESULT_PREVIEW): { text: string; more: boolean } {
  const chars = Array.from(text);
  return chars.length <= max ? { text, more: false } : { text: chars.slice(0, max).join(''), more: true };
}

/** Seconds left until `confirmBy` (ISO), never below 0; null without a deadline. */
export function secondsLeft(confirmBy: string | undefined, now: number): number | null {
  if (!confirmBy) return null;
  const at = Date.parse(confirmBy);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** A step still waiting for something (the call, or the user's answer): shown open. */
export const isActiveStep = (s: ToolStep) => s.status === 'running' || s.status === 'confirm';
