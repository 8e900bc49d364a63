import { useEffect, useState } from 'react';
import { useSession } from '../../../lib/session.ts';

/** The packages on sale (kept in the session store), loaded on first use. */
export function usePackages() {
  const packages = useSession((s) => s.packages);
  const [loading, setLoading] = useState(packages.length === 0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (useSession.getState().packages.length > 0) {
      setLoading(false);
      return;
    }
    let alive = true;
    setLoading(true);
    setFailed(false);
    useSession
      .getState()
      .loadPackages()
      .catch(() => alive && setFailed(true))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [attempt]);

  return { packages, loading: loading && packages.length === 0, failed, retry: () => setAttempt((n) => n + 1) };
}
