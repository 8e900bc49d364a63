export type ClientEnv = 'wechat' | 'desktop' | 'mobile' | 'web';

/** SPEC §1: messaging-app browser, desktop shell, mobile, or web. */
export function detectEnv(ua = typeof navigator === 'undefined' ? '' : navigator.userAgent): ClientEnv {
  if (/MicroMessenger/i.test(ua)) return 'wechat';
  if (/Electron|Tauri/i.test(ua)) return 'desktop';
  if (/Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(ua)) return 'mobile';
  return 'web';
}

export const isWechatBrowser = () => detectEnv() === 'wechat';
export const isMobileViewport = () => typeof window !== 'undefined' && window.innerWidth < 768;
