import { lazy, Suspense, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import '../lib/i18n.ts';
import { useResolvedTheme } from '../lib/theme.ts';
import { afterFirstScreen } from '../lib/after-first-screen.ts';
import { queryClient } from '../lib/query-client.ts';
import { warmOnFirstInput } from '../lib/warm-on-input.ts';
import { loadSonner, toasterMounted, toasterWanted } from '../lib/toast.ts';
import './locales.ts';
import { AppRouter, AppRoutes } from './router.tsx';
import { UpdatePrompt } from '../components/UpdatePrompt.tsx';


const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

// Toasts follow what the user does: the first tap or key press brings the toaster in.
const firstInput = new Promise<void>((resolve) => warmOnFirstInput(() => Promise.resolve(resolve())));
/** Without a toast or an input, the toaster comes well after the first screen (its 8 KiB are not needed to draw it). */
const toasterLater = () => afterFirstScreen().then(() => new Promise<void>((resolve) => window.setTimeout(resolve, 3000)));

function Mounted() {
  useEffect(toasterMounted, []);
  return null;
}

/** Mounted by the first toast or input, or a while after the first screen; toasts raised earlier wait for it (lib/toast.ts). */
function ThemedToaster() {
  const theme = useResolvedTheme();
  const [on, setOn] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.race([toasterWanted, firstInput, toasterLater()]).then(() => live && setOn(true));
    return () => {
      live = false;
    };
  }, []);
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" theme={theme} richColors closeButton={false} duration={2500} />
      <Mounted />
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
      <ThemedToaster />
      <UpdatePrompt />
    </QueryClientProvider>
  );
}
