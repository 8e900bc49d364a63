import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes } from 'react-router';
import { callRoute } from '../../lib/api.ts';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { ep } from './api.ts';
import { AdminLayout } from './AdminLayout.tsx';
import { btn } from './components/ui.tsx';
import AuditPage from './pages/AuditPage.tsx';
import DashboardPage from './pages/DashboardPage.tsx';
import SitePage from './pages/SitePage.tsx';
import UserDetailPage from './pages/UserDetailPage.tsx';
import UsersPage from './pages/UsersPage.tsx';
import './admin.css';
import './locales.ts';

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
  const me = useQuery({
    queryKey: ['admin', 'me', token],
    queryFn: () => callRoute(ep.me, undefined, { silent: true }),
    enabled: !!token,
    retry: false,
  });

  const goLogin = (
    <Link to="/talk" className={btn.primary}>
      {t('guard.goLogin')}
    </Link>
  );
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
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="users/:id" element={<UserDetailPage />} />
        <Route path="site" element={<SitePage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<Navigate to="dashboard" replace />} />
      </Routes>
    </AdminLayout>
  );
}
