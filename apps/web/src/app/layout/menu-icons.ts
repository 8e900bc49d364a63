import {
  Bot, Brush, CircleDot, Crown, FileText, Gift, GraduationCap, Images, Languages, LayoutGrid, MessageCircle, Network,
  NotebookPen, Palette, Presentation, Sparkles, User, WandSparkles, type LucideIcon,
} from 'lucide-react';

/** Server menu icon names (lucide names, any case or separator) to the icons shipped in the bundle. */
const BY_NAME: Record<string, LucideIcon> = {
  bot: Bot,
  brush: Brush,
  crown: Crown,
  filetext: FileText,
  gift: Gift,
  graduationcap: GraduationCap,
  images: Images,
  languages: Languages,
  layoutgrid: LayoutGrid,
  messagecircle: MessageCircle,
  network: Network,
  notebookpen: NotebookPen,
  palette: Palette,
  presentation: Presentation,
  sparkles: Sparkles,
  user: User,
  wandsparkles: WandSparkles,
};

/** Each route's own icon, used when the server names an icon the bundle does not ship. */
const BY_ROUTE: Record<string, LucideIcon> = {
  Chat: MessageCircle, ChatFile: FileText, ChatTemp: LayoutGrid, ChatExpert: GraduationCap, AppStore: LayoutGrid,
  AppH5: LayoutGrid, AppExpert: GraduationCap, Market: Images, Draw: Brush, Ai3: WandSparkles, Midjourney: Palette,
  Mind: Network, Translate: Languages, aippt: Presentation, Paper: NotebookPen, View: FileText, Role: Bot, Pay: Crown, Share: Gift,
  UserCenter: User,
};

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export function routeIcon(routeName: string): LucideIcon {
  return BY_ROUTE[routeName] ?? CircleDot;
}

export function menuIcon(iconName: string | undefined, routeName: string): LucideIcon {
  return (iconName && BY_NAME[normalise(iconName)]) || routeIcon(routeName);
}
