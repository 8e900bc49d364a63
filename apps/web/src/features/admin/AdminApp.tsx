import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation } from '../../lib/router/index.tsx';
import { callRoute } from '../../lib/api.ts';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { ep } from './api.ts';
import { AdminLayout } from './AdminLayout.tsx';
import { btn } from './components/ui.tsx';
import AuditPage from './pages/AuditPage.tsx';
import CardKeysPage from './pages/CardKeysPage.tsx';
import CataloguePage from './pages/CataloguePage.tsx';
import ContentAppsPage from './pages/ContentAppsPage.tsx';
import ContentDocActionsPage from './pages/ContentDocActionsPage.tsx';
import ContentWordsPage from './pages/ContentWordsPage.tsx';
import DashboardPage from './pages/DashboardPage.tsx';
import DrawContentPage from './pages/DrawContentPage.tsx';
import FeedbackPage from './pages/FeedbackPage.tsx';
import GalleryPage from './pages/GalleryPage.tsx';
import IntegrationsPage from './pages/IntegrationsPage.tsx';
import ModelKeysPage from './pages/ModelKeysPage.tsx';
import ModelsPage from './pages/ModelsPage.tsx';
import OrderDetailPage from './pages/OrderDetailPage.tsx';
import OrdersPage from './pages/OrdersPage.tsx';
import SetupPage from './pages/SetupPage.tsx';
import SitePage from './pages/SitePage.tsx';
import ToolsPage from './pages/ToolsPage.tsx';
import UserDetailPage from './pages/UserDetailPage.tsx';
import UsersPage from './pages/UsersPage.tsx';
import './admin.css';
import './locales.ts';
import './locales-catalogue.ts';
import './locales-content.ts';
import './locales-tools.ts';
import { useTranslation } from '../../lib/i18n.ts';

function Notice({ title, hint, action }: { title: string; hint?: string; action?: React.ReactNode }) {
  return (
    <main className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-lg font-semibold">{title}</h1>
      {hint && <p className="text-sm text-neutral-600 dark:text-neutral-400">{hint}</p>}
      {action}
    </main>
  );
}

/**
 * /admin/*: its own lazily loaded chunk (the router's dynamic import), never part of what an end
 * user downloads. The server refuses every admin call to anyone but an admin; this screen only
 * says so instead of showing an empty console.
 */
export default function AdminApp() {
  const { t } = useTranslation('admin');
  const token = useSession((s) => s.token);
  // The one-time setup link works without being signed in (there is no administrator yet).
  const setup = useLocation().pathname.replace(/\/+$/, '') === '/admin/setup';
  const me = useQuery({
    queryKey: ['admin', 'me', token],
    queryFn: () => callRoute(ep.me, undefined, { silent: true }),
    enabled: !!token && !setup,
    retry: false,
  });

  const goLogin = (
    <Link to="/talk" className={btn.primary}>
      {t('guard.goLogin')}
    </Link>
  );
  if (setup) return <SetupPage />;
  if (!token) return <Notice title={t('guard.needLogin')} action={goLogin} />;
  if (me.isPending) return <Notice title={t('guard.loading')} />;
  if (me.isError) {
    const code = me.error instanceof ApiError ? me.error.code : 0;
    if (code === 403) return <Notice title={t('guard.forbidden')} hint={t('guard.forbiddenHint')} action={goLogin} />;
    if (code === 401 || code === 403000) return <Notice title={t('guard.needLogin')} action={goLogin} />;
    return <Notice title={t('guard.failed')} />;
  }

  return (
    <AdminLayout admin={me.data}>
      <AdminScreen />
    </AdminLayout>
  );
}

/**
 * The screen for the path under /admin: a plain switch on the path's segments, each id checked
 * before it reaches a screen.
 */
function AdminScreen() {
  const [section, id, ...rest] = useLocation().pathname.replace(/^\/admin\/?/, '').split('/').filter(Boolean);
  if (rest.length) return <Navigate to="/admin/dashboard" replace />;
  if (section === 'users' && id) return /^\d{1,10}$/.test(id) ? <UserDetailPage id={Number(id)} /> : <Navigate to="/admin/users" replace />;
  if (section === 'models' && id) return /^\d{1,10}$/.test(id) ? <ModelKeysPage id={Number(id)} /> : <Navigate to="/admin/models" replace />;
  if (section === 'orders' && id) return /^[0-9A-Za-z_-]{1,64}$/.test(id) ? <OrderDetailPage orderNo={id} /> : <Navigate to="/admin/orders" replace />;
  if (id) return <Navigate to="/admin/dashboard" replace />;
  switch (section) {
    case 'dashboard':
      return <DashboardPage />;
    case 'users':
      return <UsersPage />;
    case 'orders':
      return <OrdersPage />;
    case 'models':
      return <ModelsPage />;
    case 'site':
      return <SitePage />;
    case 'audit':
      return <AuditPage />;
    case 'feedback':
      return <FeedbackPage />;
    case 'card-keys':
      return <CardKeysPage />;
    case 'catalogue':
      return <CataloguePage />;
    case 'draw-content':
      return <DrawContentPage />;
    case 'gallery':
      return <GalleryPage />;
    case 'apps':
      return <ContentAppsPage />;
    case 'document-actions':
      return <ContentDocActionsPage />;
    case 'words':
      return <ContentWordsPage />;
    case 'integrations':
      return <IntegrationsPage />;
    case 'tools':
      return <ToolsPage />;
    default:
      return <Navigate to="/admin/dashboard" replace />;
  }
}
