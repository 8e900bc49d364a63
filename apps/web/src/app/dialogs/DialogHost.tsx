import { lazy, Suspense, useState } from 'react';
import { useSession, type DialogKind } from '../../lib/session.ts';

// Every dialog is its own chunk, fetched the first time it opens.
const LoginDialog = lazy(() => import('../../features/auth/components/LoginDialog.tsx').then((m) => ({ default: m.LoginDialog })));
const NoticeDialog = lazy(() => import('./NoticeDialog.tsx'));
const GoodsDialog = lazy(() => import('../../features/billing/components/GoodsDialog.tsx'));
const PayDialog = lazy(() => import('../../features/billing/components/PayDialog.tsx'));
const BindWechatDialog = lazy(() => import('../../features/auth/components/BindWechatDialog.tsx'));
const SignInDialog = lazy(() => import('../../features/growth/components/SignInDialog.tsx'));
const FeedbackDialog = lazy(() => import('../../features/growth/components/FeedbackDialog.tsx'));
const RedeemDialog = lazy(() => import('../../features/growth/components/RedeemDialog.tsx'));
const PptDialog = lazy(() => import('../../features/billing/components/PptDialog.tsx'));

function KindDialog({ kind, open, onClose }: { kind: DialogKind; open: boolean; onClose(): void }) {
  if (kind === 'notice') return <NoticeDialog open={open} onClose={onClose} />;
  if (kind === 'goods') return <GoodsDialog open={open} onClose={onClose} />;
  if (kind === 'pay') return <PayDialog open={open} onClose={onClose} />;
  if (kind === 'signIn') return <SignInDialog open={open} onClose={onClose} />;
  if (kind === 'bindWechat') return <BindWechatDialog open={open} onClose={onClose} />;
  if (kind === 'feedback') return <FeedbackDialog open={open} onClose={onClose} />;
  if (kind === 'redeem') return <RedeemDialog open={open} onClose={onClose} />;
  return <PptDialog open={open} onClose={onClose} />;
}

/**
 * SPEC §2.3: the dialogs the layout hosts — login, and the one dialog kind in the session store.
 * Two modal dialogs at once hide each other from screen readers (each marks the rest aria-hidden),
 * so only one is ever open.
 */
export function DialogHost() {
  const loginOpen = useSession((s) => s.loginOpen);
  const dialog = useSession((s) => s.dialog);
  const closeDialog = useSession((s) => s.closeDialog);
  const [loginMounted, setLoginMounted] = useState(loginOpen);
  // The last kind stays mounted (closed) so Radix can finish closing and focus returns.
  const [shown, setShown] = useState<DialogKind | null>(dialog);
  if (loginOpen && !loginMounted) setLoginMounted(true);
  if (dialog && dialog !== shown) setShown(dialog);

  return (
    <>
      {shown && (
        <Suspense fallback={null}>
          {/* One dialog at a time: while the login is open the other one waits closed, and comes back after it. */}
          <KindDialog key={shown} kind={shown} open={dialog === shown && !loginOpen} onClose={closeDialog} />
        </Suspense>
      )}
      {/* SPEC §8: login opens over everything else, the notice included, which waits until it closes. */}
      {loginMounted && (
        <Suspense fallback={null}>
          <LoginDialog />
        </Suspense>
      )}
    </>
  );
}
