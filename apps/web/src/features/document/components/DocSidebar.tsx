import { FileStack, Upload } from 'lucide-react';
import { useSession } from '../../../lib/session.ts';
import { selectDocument } from '../controller/documents.ts';
import { openUpload } from '../controller/upload.ts';
import { useDocuments } from '../stores/document-store.ts';
import { DocItem } from './DocItem.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

function Skeleton() {
  return (
    <ul className="space-y-1 px-1 pt-3" aria-hidden>
      {[72, 56, 80, 64].map((w, i) => (
        <li key={i} className="flex h-[52px] items-center gap-2.5 px-2.5">
          <span className="size-7 shrink-0 rounded-lg bg-neutral-200 dark:bg-neutral-800" />
          <span className="flex flex-1 flex-col gap-1.5">
            <span className="h-3 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" style={{ width: `${w}%` }} />
            <span className="h-2.5 w-1/3 animate-pulse rounded bg-neutral-200/70 dark:bg-neutral-800/70" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** SPEC §2.7 document chat sidebar: the add-file button and the document groups. */
export function DocSidebar({ onPicked }: { onPicked?(): void }) {
  const { t } = useTranslation('document');
  const token = useSession((s) => s.token);
  const groups = useDocuments((s) => s.groups);
  const active = useDocuments((s) => s.active);
  const loading = useDocuments((s) => s.groupsLoading && !s.groupsLoaded);

  const pick = (tk: string) => {
    void selectDocument(tk);
    onPicked?.();
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="px-3 pt-3">
        <button
          type="button"
          onClick={openUpload}
          className="flex h-10 w-full items-center justify-center gap-1.5 rounded-xl bg-primary text-sm font-medium text-white shadow-[0_1px_2px_rgba(0,0,0,0.06)] transition-colors hover:bg-primary-hover"
        >
          <Upload className="size-4" aria-hidden />
          {t('upload')}
        </button>
      </div>
      <nav aria-label={t('myDocs')} className="scroll-thin min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {!token ? (
          <div className="flex flex-col items-center gap-3 px-4 pt-10 text-center">
            <FileStack className="size-8 text-neutral-300 dark:text-neutral-600" strokeWidth={1.5} aria-hidden />
            <p className="text-[13px] leading-5 text-neutral-500 dark:text-neutral-400">{t('guestDocs')}</p>
            <button type="button" onClick={() => useSession.getState().openLogin()} className="h-9 rounded-full bg-primary px-5 text-sm font-medium text-white hover:bg-primary-hover">
              {t('login')}
            </button>
          </div>
        ) : loading && groups.length === 0 ? (
          <Skeleton />
        ) : groups.length === 0 ? (
          <p className="px-4 pt-10 text-center text-[13px] text-neutral-400">{t('docsEmpty')}</p>
        ) : (
          <section>
            <h3 className="px-3 pt-3 pb-1.5 text-xs font-medium text-neutral-400 dark:text-neutral-500">
              {t('myDocs')} <span className="tabular-nums">({groups.length})</span>
            </h3>
            <ul className="space-y-0.5">
              {groups.map((g) => (
                <DocItem key={g.token} doc={g} active={g.token === active} onSelect={pick} />
              ))}
            </ul>
          </section>
        )}
      </nav>
    </div>
  );
}
