import { createBrowserRouter, Navigate } from 'react-router';
import { Layout } from './layout/Layout.tsx';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { LAYOUT_ROUTES } from './routes.ts';

/** Screens that exist; the others show their title and an honest 即将上线 state. */
const screens: Record<string, () => Promise<{ default: React.ComponentType }>> = {};

export const router = createBrowserRouter([
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to="/talk" replace /> },
      ...LAYOUT_ROUTES.map((r) => ({
        path: r.path,
        ...(screens[r.name]
          ? { lazy: async () => ({ Component: (await screens[r.name]!()).default }) }
          : { element: <ComingSoon titleKey={r.titleKey} /> }),
      })),
    ],
  },
  { path: '*', element: <Navigate to="/talk" replace /> },
]);
