import { useCallback, useEffect, useState } from 'react';

export interface Remote<T> {
  data: T | null;
  error: boolean;
  loading: boolean;
  reload(): void;
}

/** Loads `load()` whenever `key` changes (null: nothing to load); stale answers are dropped. */
export function useRemote<T>(key: string | number | null, load: () => Promise<T>): Remote<T> {
  const [state, setState] = useState<{ key: string | number | null; data: T | null; error: boolean }>({ key: null, data: null, error: false });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (data) => live && setState({ key, data, error: false }),
      () => live && setState({ key, data: null, error: true }),
    );
    return () => {
      live = false;
    };
    // `load` is keyed by `key`; a new closure each render must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const current = state.key === key && key !== null;
  return { data: current ? state.data : null, error: current && state.error, loading: key !== null && !current, reload };
}
