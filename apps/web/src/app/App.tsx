import { lazy, Suspense, useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import '../lib/i18n.ts';
import { useResolvedTheme } from '../lib/theme.ts';
import { loadSonner, toasterMounted } from '../lib/toast.ts';
import './locales.ts';
import { router } from './router.tsx';
import { UpdatePrompt } from '../components/UpdatePrompt.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

function Mounted() {
  useEffect(toasterMounted, []);
  return null;
}

/** Loaded after the first paint; toasts raised earlier wait for it (lib/toast.ts). */
function ThemedToaster() {
  const theme = useResolvedTheme();
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
      <RouterProvider router={router} />
      <ThemedToaster />
      <UpdatePrompt />
    </QueryClientProvider>
  );
}
