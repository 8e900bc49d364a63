import {
  Aperture, Baby, BookMarked, BookOpen, BookOpenCheck, Brain, Briefcase, Bug, Cake, CalendarRange, CalendarX,
  Camera, CircleHelp, Clapperboard, ClipboardList, Code, Compass, Database, Dumbbell, Feather, FileText,
  FileUser, FlaskConical, Gem, Gift, GraduationCap, HeartPulse, House, Kanban, Languages, LayoutGrid, Leaf,
  Lightbulb, ListPlus, Mail, Map as MapIcon, Megaphone, MessageCircleHeart, MessagesSquare, Mic, Newspaper,
  NotebookText, Palette, PartyPopper, PenLine, PenTool, PiggyBank, Plane, Presentation, Radio, Regex, Route,
  Salad, Scale, ScanSearch, ScrollText, Send, Sigma, Sparkles, SpellCheck, SquareTerminal, TrendingUp,
  UserCheck, UserPen, UserRound, Utensils, Video, type LucideIcon,
} from 'lucide-react';
import type { AppIconName } from '@app/shared/app-icons';

/**
 * The lucide icons the app catalogue names (kebab-case), shipped with the store chunk only. An
 * icon the catalogue adds later without a mapping here shows the fallback.
 */
const ICONS: Record<AppIconName, LucideIcon> = {
  aperture: Aperture,
  baby: Baby,
  'book-marked': BookMarked,
  'book-open': BookOpen,
  'book-open-check': BookOpenCheck,
  brain: Brain,
  briefcase: Briefcase,
  bug: Bug,
  cake: Cake,
  'calendar-range': CalendarRange,
  'calendar-x': CalendarX,
  camera: Camera,
  'circle-help': CircleHelp,
  clapperboard: Clapperboard,
  'clipboard-list': ClipboardList,
  code: Code,
  compass: Compass,
  database: Database,
  dumbbell: Dumbbell,
  feather: Feather,
  'file-text': FileText,
  'file-user': FileUser,
  'flask-conical': FlaskConical,
  gem: Gem,
  gift: Gift,
  'graduation-cap': GraduationCap,
  'heart-pulse': HeartPulse,
  house: House,
  kanban: Kanban,
  languages: Languages,
  'layout-grid': LayoutGrid,
  leaf: Leaf,
  lightbulb: Lightbulb,
  'list-plus': ListPlus,
  mail: Mail,
  map: MapIcon,
  megaphone: Megaphone,
  'message-circle-heart': MessageCircleHeart,
  'messages-square': MessagesSquare,
  mic: Mic,
  newspaper: Newspaper,
  'notebook-text': NotebookText,
  palette: Palette,
  'party-popper': PartyPopper,
  'pen-line': PenLine,
  'pen-tool': PenTool,
  'piggy-bank': PiggyBank,
  plane: Plane,
  presentation: Presentation,
  radio: Radio,
  regex: Regex,
  route: Route,
  salad: Salad,
  scale: Scale,
  'scan-search': ScanSearch,
  'scroll-text': ScrollText,
  send: Send,
  sigma: Sigma,
  sparkles: Sparkles,
  'spell-check': SpellCheck,
  'square-terminal': SquareTerminal,
  'trending-up': TrendingUp,
  'user-check': UserCheck,
  'user-pen': UserPen,
  'user-round': UserRound,
  utensils: Utensils,
  video: Video,
};

export const FALLBACK_ICON: LucideIcon = Sparkles;

/** The icon for a catalogue name (any case; spaces or underscores as dashes), else the fallback. */
export function appIcon(name: string | null | undefined): LucideIcon {
  if (!name) return FALLBACK_ICON;
  return (ICONS as Record<string, LucideIcon | undefined>)[name.trim().toLowerCase().replace(/[\s_]+/g, '-')] ?? FALLBACK_ICON;
}
