import type { MenuItem } from '@app/shared';
import { LAYOUT_ROUTES } from '../routes.ts';

export interface MenuEntry {
  code: string;
  label: string;
  icon: string;
  path: string;
}

/** Mobile-only screens and the desktop screen each one stands in for. */
const MOBILE_TWIN: Record<string, string> = { AppH5: 'AppStore' };

/** SPEC §2.5: the bottom bar's entries, in this order, when the server menu marks them mobile. */
export const MOBILE_BAR_CODES = ['Chat', 'AppH5', 'Midjourney', 'Ai3', 'ChatFile', 'UserCenter'] as const;

function toEntry(item: MenuItem): MenuEntry | null {
  const route = LAYOUT_ROUTES.find((r) => r.name === item.code);
  return route ? { code: item.code, label: item.name, icon: item.icon, path: route.path } : null;
}

/**
 * SPEC §2.4: the server's clientMenuList, in its order and with its labels, matched by code to
 * the known routes. The desktop list leaves out mobile-only screens; the mobile drawer shows a
 * mobile-only screen in place of its desktop twin.
 */
export function sidebarEntries(menu: MenuItem[] | undefined, variant: 'desktop' | 'drawer'): MenuEntry[] {
  const items = menu ?? [];
  const codes = new Set(items.map((m) => m.code));
  const seen = new Set<string>();
  const out: MenuEntry[] = [];
  for (const item of items) {
    if (seen.has(item.code)) continue;
    if (variant === 'desktop' && MOBILE_TWIN[item.code]) continue;
    if (variant === 'drawer' && Object.entries(MOBILE_TWIN).some(([mobile, desktop]) => desktop === item.code && codes.has(mobile))) continue;
    const entry = toEntry(item);
    if (!entry) continue;
    seen.add(item.code);
    out.push(entry);
  }
  return out;
}

/** SPEC §2.5: the bottom bar, filtered by the server menu (items with mobile: true) and labelled by it. */
export function mobileBarEntries(menu: MenuItem[] | undefined): MenuEntry[] {
  const items = menu ?? [];
  return MOBILE_BAR_CODES.flatMap((code) => {
    const item = items.find((m) => m.code === code && m.mobile);
    const entry = item && toEntry(item);
    return entry ? [entry] : [];
  });
}
