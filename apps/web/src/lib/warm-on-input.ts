/**
 * Calls `load` (a dynamic import) on the page's first pointer or key press: code a screen does not
 * draw at first (a dialog's) stays out of its first load, yet is usually there by the time that
 * input's click opens it. A failed download is left to the import that needs it.
 */
export function warmOnFirstInput(load: () => Promise<unknown>) {
  if (typeof window === 'undefined') return;
  const warm = () => {
    window.removeEventListener('pointerdown', warm, true);
    window.removeEventListener('keydown', warm, true);
    load().catch(() => {});
  };
  window.addEventListener('pointerdown', warm, { capture: true, passive: true });
  window.addEventListener('keydown', warm, true);
}
