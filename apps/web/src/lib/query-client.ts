import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache (App.tsx provides it; the router starts a screen's first requests in it). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
