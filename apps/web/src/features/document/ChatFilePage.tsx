import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useHistoryColumn, useIsMobile } from '../../lib/useIsMobile.ts';
import { useAppIdQuery } from '../../lib/useAppIdQuery.ts';
import { DocMain } from './components/DocMain.tsx';
import { DocSidebar } from './components/DocSidebar.tsx';
import { useDocLimits, useDocOptions } from './hooks/useDocOptions.ts';
import { useDocumentSync } from './hooks/useDocumentSync.ts';
import { useDocuments } from './stores/document-store.ts';
import { useDocUi } from './stores/ui-store.ts';
import './locales.ts';

// Radix-based overlays are their own chunks, fetched the first time they open.
const DocDrawer = lazy(() => import('./components/DocDrawer.tsx'));
const UploadDialog = lazy(() => import('./components/UploadDialog.tsx'));
const DeleteDialog = lazy(() => import('./components/DeleteDialog.tsx'));

/** Mounts a lazy overlay the first time `open` is true and keeps it for its closing animation. */
function useMountedOnce(open: boolean) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted;
}

/** /talk-file: document chat (SPEC §2.7, §4.8). */
export default function ChatFilePage() {
  useDocumentSync();
  useAppIdQuery();
  const mobile = useIsMobile();
  const column = useHistoryColumn();
  const options = useDocOptions();
  const limits = useDocLimits();
  const drawer = useMountedOnce(useDocUi((s) => s.drawerOpen));
  const upload = useMountedOnce(useDocUi((s) => s.uploadOpen));
  const confirm = useMountedOnce(useDocUi((s) => s.confirm !== null));
  // The used / limit counts follow the list (an upload or a delete changes them).
  const client = useQueryClient();
  const count = useDocuments((s) => s.groups.length);
  useEffect(() => {
    void client.invalidateQueries({ queryKey: ['document', 'limits'] });
  }, [client, count]);
  const accept = limits.accept?.length ? limits.accept : options.accept;

  return (
    <div className="flex h-full min-h-0 overflow-hidden">
      {column && (
        <aside className="w-[260px] shrink-0 border-r border-neutral-200/70 bg-neutral-50/70 dark:border-neutral-800 dark:bg-neutral-900/40">
          <DocSidebar />
        </aside>
      )}
      <DocMain mobile={mobile} options={{ ...options, accept }} limits={limits} />
      <Suspense fallback={null}>
        {drawer && !column && <DocDrawer />}
        {upload && <UploadDialog accept={accept} maxMb={limits.maxMb} quota={limits.used !== null && limits.limit !== null ? { used: limits.used, limit: limits.limit } : null} />}
        {confirm && <DeleteDialog />}
      </Suspense>
    </div>
  );
}
