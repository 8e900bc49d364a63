import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { LoadingScreen } from './layout/BootScreens.tsx';
import { Layout } from './layout/Layout.tsx';
import { routeIcon } from './layout/menu-icons.ts';
import { Root } from './Root.tsx';
import { LAYOUT_ROUTES } from './routes.ts';
import ServerErrorPage from './screens/ServerErrorPage.tsx';

/** Screens that exist; the others show their title and an honest 即将上线 state. */
const screens: Record<string, () => Promise<{ default: React.ComponentType }>> = {
  Chat: () => import('../features/chat/ChatPage.tsx'),
  ChatFile: () => import('../features/document/ChatFilePage.tsx'),
  ChatTemp: () => import('../features/chat/ChatTempPage.tsx'),
  ChatExpert: () => import('../features/chat/ChatExpertPage.tsx'),
  UserCenter: () => import('../features/user/UserCenterPage.tsx'),
  Pay: () => import('../features/billing/PayPage.tsx'),
  AppStore: () => import('../features/apps/AppStorePage.tsx'),
  AppH5: () => import('../features/apps/AppH5Page.tsx'),
  AppExpert: () => import('../features/apps/AppExpertPage.tsx'),
  Paper: () => import('../features/thesis/ThesisPage.tsx'),
  Share: () => import('../features/growth/ReferralPage.tsx'),
  Draw: () => import('../features/draw/DrawPage.tsx'),
  Ai3: () => import('../features/draw/Ai3Page.tsx'),
  Midjourney: () => import('../features/draw/MidjourneyPage.tsx'),
  Market: () => import('../features/draw/MarketPage.tsx'),
  Mind: () => import('../features/mind/MindPage.tsx'),
  Translate: () => import('../features/translate/TranslatePage.tsx'),
  aippt: () => import('../features/slides/AipptPage.tsx'),
  View: () => import('../features/slides/ViewPage.tsx'),
};

const lazyScreen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ServerErrorPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        path: '/',
        element: <Layout />,
        children: [
          { index: true, element: <Navigate to="/talk" replace /> },
          ...LAYOUT_ROUTES.map((r) => ({
            path: r.path,
            ...(screens[r.name]
              ? { lazy: lazyScreen(screens[r.name]!) }
              : { element: <ComingSoon titleKey={r.titleKey} icon={routeIcon(r.name)} /> }),
          })),
        ],
      },
      { path: '/welcome', lazy: lazyScreen(() => import('./screens/WelcomePage.tsx')) },
      // The admin console: its own chunk, loaded only when /admin is opened.
      { path: '/admin/*', lazy: lazyScreen(() => import('../features/admin/AdminApp.tsx')) },
      { path: '/s/:token', lazy: lazyScreen(() => import('../features/shared-conversation/SharedConversationPage.tsx')) },
      { path: '/404', lazy: lazyScreen(() => import('./screens/NotFoundPage.tsx')) },
      { path: '/500', element: <ServerErrorPage /> },
      { path: '*', element: <Navigate to="/talk" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
