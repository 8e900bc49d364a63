/**
 * The slide themes (AI PPT): colours, fonts and the shape of the title and content masters.
 * The web preview and the .pptx are drawn from the same values, so switching a theme never
 * calls the model. Colours are hex without '#', as pptxgenjs takes them. Fonts are East Asian
 * fonts (PowerPoint, WPS and LibreOffice show Chinese with them; the web adds fallbacks).
 */
export interface SlideTheme {
  id: string;
  name: string;
  /** Content slides. */
  background: string;
  /** Cover, section and end slides. */
  coverBackground: string;
  coverText: string;
  title: string;
  text: string;
  muted: string;
  accent: string;
  accent2: string;
  /** A soft panel behind columns, quotes and charts. */
  panel: string;
  headFont: string;
  bodyFont: string;
  /** The title master's decoration: a band at the left, a bar at the bottom, or a frame. */
  cover: 'band' | 'bar' | 'frame';
  dark: boolean;
}

export const SLIDE_THEMES: readonly SlideTheme[] = [
  { id: 'azure', name: '商务蓝', background: 'FFFFFF', coverBackground: '1E3A8A', coverText: 'FFFFFF', title: '1E3A8A', text: '1F2937', muted: '6B7280', accent: '2563EB', accent2: '60A5FA', panel: 'EFF6FF', headFont: 'Microsoft YaHei', bodyFont: 'Microsoft YaHei', cover: 'band', dark: false },
  { id: 'ink', name: '水墨', background: 'FAF7F0', coverBackground: '2B2B2B', coverText: 'F5F0E6', title: '2B2B2B', text: '3F3F3F', muted: '7A7368', accent: 'A23B2A', accent2: 'C9A66B', panel: 'F0EADC', headFont: 'KaiTi', bodyFont: 'SimSun', cover: 'frame', dark: false },
  { id: 'forest', name: '森林绿', background: 'F7FBF7', coverBackground: '14532D', coverText: 'ECFDF5', title: '14532D', text: '1F2937', muted: '4B5563', accent: '16A34A', accent2: '86EFAC', panel: 'DCFCE7', headFont: 'Microsoft YaHei', bodyFont: 'DengXian', cover: 'bar', dark: false },
  { id: 'sunset', name: '暖阳橙', background: 'FFFBF5', coverBackground: 'C2410C', coverText: 'FFF7ED', title: '9A3412', text: '292524', muted: '78716C', accent: 'EA580C', accent2: 'FDBA74', panel: 'FFEDD5', headFont: 'SimHei', bodyFont: 'Microsoft YaHei', cover: 'band', dark: false },
  { id: 'night', name: '深空', background: '0F172A', coverBackground: '020617', coverText: 'F8FAFC', title: 'F8FAFC', text: 'E2E8F0', muted: '94A3B8', accent: '38BDF8', accent2: 'A78BFA', panel: '1E293B', headFont: 'Microsoft YaHei', bodyFont: 'Microsoft YaHei', cover: 'bar', dark: true },
  { id: 'rose', name: '樱花粉', background: 'FFF8FA', coverBackground: 'BE185D', coverText: 'FFF1F2', title: '9D174D', text: '3F3F46', muted: '71717A', accent: 'DB2777', accent2: 'F9A8D4', panel: 'FCE7F3', headFont: 'DengXian', bodyFont: 'DengXian', cover: 'frame', dark: false },
  { id: 'graphite', name: '极简灰', background: 'FFFFFF', coverBackground: 'F4F4F5', coverText: '18181B', title: '18181B', text: '27272A', muted: '71717A', accent: '18181B', accent2: 'A1A1AA', panel: 'F4F4F5', headFont: 'SimHei', bodyFont: 'DengXian', cover: 'bar', dark: false },
  { id: 'royal', name: '典雅紫', background: 'FBFAFF', coverBackground: '4C1D95', coverText: 'F5F3FF', title: '4C1D95', text: '1F2937', muted: '6B7280', accent: '7C3AED', accent2: 'C4B5FD', panel: 'EDE9FE', headFont: 'SimSun', bodyFont: 'Microsoft YaHei', cover: 'frame', dark: false },
  { id: 'teal', name: '青碧', background: 'F5FBFB', coverBackground: '115E59', coverText: 'F0FDFA', title: '115E59', text: '1F2937', muted: '52525B', accent: '0D9488', accent2: 'FBBF24', panel: 'CCFBF1', headFont: 'Microsoft YaHei', bodyFont: 'Microsoft YaHei', cover: 'band', dark: false },
];

export const DEFAULT_SLIDE_THEME = 'azure';

export const findSlideTheme = (id: string | null | undefined): SlideTheme | undefined => SLIDE_THEMES.find((t) => t.id === id);
export const slideTheme = (id: string | null | undefined): SlideTheme => findSlideTheme(id) ?? SLIDE_THEMES[0]!;

/** CSS font stacks for a theme font (the web preview). */
export const cssFont = (font: string) => {
  const fallback = '"PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "WenQuanYi Zen Hei", sans-serif';
  const named: Record<string, string> = {
    'Microsoft YaHei': '"Microsoft YaHei", "微软雅黑"',
    SimHei: 'SimHei, "黑体"',
    SimSun: 'SimSun, "宋体", "Songti SC", serif',
    KaiTi: 'KaiTi, "楷体", "Kaiti SC", STKaiti',
    DengXian: 'DengXian, "等线"',
  };
  return `${named[font] ?? `"${font}"`}, ${fallback}`;
};
