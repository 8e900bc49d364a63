import { DISPLAY_TZ_OFFSET_HOURS } from '@app/shared/constants';

/** An ISO time as Beijing time (SPEC §9: displayed +8 h): '2026-11-22 12:00'. */
export function formatTime(iso: string): string {
  const d = new Date(Date.parse(iso) + DISPLAY_TZ_OFFSET_HOURS * 3600_000);
  if (Number.isNaN(d.getTime())) return '';
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

/** Only the date: '2026-11-22'. */
export const formatDate = (iso: string) => formatTime(iso).slice(0, 10);
