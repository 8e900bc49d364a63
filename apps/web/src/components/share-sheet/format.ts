import { DISPLAY_TZ_OFFSET_HOURS } from '@app/shared/constants';

const pad = (n: number) => String(n).padStart(2, '0');

/** SPEC §9: dates at UTC+8 whatever the device's zone, as YYYY-MM-DD. */
export function shareDate(iso: string) {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const d = new Date(ms + DISPLAY_TZ_OFFSET_HOURS * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
