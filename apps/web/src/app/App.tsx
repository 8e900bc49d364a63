import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import '../lib/i18n.ts';
import { useResolvedTheme } from '../lib/theme.ts';
import './locales.ts';
import { router } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

function ThemedToaster() {
  const theme = useResolvedTheme();
  return <Toaster position="top-center" theme={theme} richColors closeButton={false} duration={2500} />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ThemedToaster />
    </QueryClientProvider>
  );
}
