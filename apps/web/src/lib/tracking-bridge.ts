import type { BehaviorEvent } from '@app/shared';

type Sender = (event: Partial<BehaviorEvent> & Pick<BehaviorEvent, 'type' | 'code'>) => void;
let sender: Sender | null = null;

/** The tracking module registers how events are sent; http reports failures through it (no import cycle). */
export function setBehaviorSender(fn: Sender) {
  sender = fn;
}

/** SPEC §8: any failed API call becomes a behaviour event (type 2, api_error) with url and duration. */
export function reportApiError(url: string, code: number, message: string, durationMs: number) {
  if (url.includes('/api/user/behavior')) return;
  sender?.({
    type: 2,
    code: 'api_error',
    name: '请求接口',
    description: JSON.stringify({ url, code, message }).slice(0, 2000),
    duration: Math.round(durationMs),
  });
}
