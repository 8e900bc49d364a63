import type { PackageItem } from '@app/shared';
import { billingApi } from './api.ts';

let asked: Promise<PackageItem | null> | null = null;

/** SPEC §4.5: the activity package, fetched once per page load (closing the dialog asks for it). */
export function activityOnce(): Promise<PackageItem | null> {
  asked ??= billingApi.activity().catch(() => null);
  return asked;
}

/** Tests only. */
export function resetActivity() {
  asked = null;
}
