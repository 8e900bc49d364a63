import { useRef, useState } from 'react';
import { AlertCircle, CheckCircle2, FileUp, Loader2 } from 'lucide-react';
import { clsx } from 'clsx';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { leaveUpload, startUpload } from '../controller/upload.ts';
import { formatSize } from '../logic/format.ts';
import { acceptAttr, fileSuffix } from '../logic/upload.ts';
import { useDocUi } from '../stores/ui-store.ts';
import { useUpload, type UploadState } from '../stores/upload-store.ts';
import { FileIcon } from './FileIcon.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  accept: readonly string[];
  maxMb: number;
  quota: { used: number; limit: number } | null;
}

function FailureNote({ failure }: { failure: NonNullable<UploadState['failure']> }) {
  const { t } = useTranslation('document');
  const title =
    failure.kind === 'format'
      ? t('dialog.unsupported')
      : failure.kind === 'upload'
        ? t('dialog.uploadFailed')
        : failure.kind === 'parse'
          ? t('dialog.parseFailed')
          : (failure.detail ?? t('dialog.precheckFailed'));
  const detail = failure.kind === 'precheck' || failure.kind === 'format' ? null : failure.detail;
  return (
    <div role="alert" className="mb-3 flex items-start gap-2 rounded-xl bg-red-50 px-3 py-2.5 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        {detail && <p className="mt-0.5 text-[13px] break-words opacity-90">{detail}</p>}
      </div>
    </div>
  );
}

function Progress({ state }: { state: UploadState }) {
  const { t } = useTranslation('document');
  const percent = Math.round(state.progress * 100);
  const label =
    state.phase === 'checking' ? t('dialog.checking') : state.phase === 'uploading' ? t('dialog.uploading') : state.phase === 'parsing' ? t('dialog.parsing') : t('dialog.done');
  return (
    <div className="rounded-2xl border border-neutral-200/80 bg-neutral-50/60 p-4 dark:border-neutral-800 dark:bg-neutral-800/40" data-testid="upload-progress">
      <div className="flex items-center gap-3">
        <FileIcon ext={fileSuffix(state.fileName)} size="lg" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{state.fileName}</p>
          <p className="mt-0.5 text-xs text-neutral-400">{formatSize(state.fileSize)}</p>
        </div>
        {state.phase === 'done' ? (
          <CheckCircle2 className="size-5 shrink-0 text-emerald-500" aria-hidden />
        ) : (
          <Loader2 className="size-5 shrink-0 animate-spin text-primary" aria-hidden />
        )}
      </div>
      <div className="mt-4 flex items-center justify-between text-[13px]">
        <span role="status" aria-live="polite" className="font-medium text-neutral-700 dark:text-neutral-200">
          {label}
        </span>
        {state.phase === 'uploading' && <span className="tabular-nums text-neutral-500">{percent}%</span>}
      </div>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700"
        role="progressbar"
        aria-label={t('dialog.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.phase === 'uploading' ? percent : undefined}
      >
        {state.phase === 'parsing' || state.phase === 'checking' ? (
          <div key="busy" className="h-full animate-[boot-bar_1.2s_ease-in-out_infinite] w-1/3 rounded-full bg-primary" />
        ) : (
          <div key="bytes" className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${state.phase === 'done' ? 100 : percent}%` }} />
        )}
      </div>
    </div>
  );
}

/** SPEC §2.7 / §4.8 file dialog: pick or drop one document (or one long image), then upload and parse. */
export default function UploadDialog({ accept, maxMb, quota }: Props) {
  const { t } = useTranslation('document');
  const open = useDocUi((s) => s.uploadOpen);
  const state = useUpload();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [many, setMany] = useState(false);
  const busy = state.phase === 'checking' || state.phase === 'uploading' || state.phase === 'parsing' || state.phase === 'done';

  const close = () => {
    leaveUpload();
    setMany(false);
    useDocUi.getState().set({ uploadOpen: false });
  };
  const take = (files: FileList | File[] | null) => {
    const list = Array.from(files ?? []);
    if (list.length === 0) return;
    if (list.length > 1) {
      setMany(true);
      return;
    }
    setMany(false);
    void startUpload(list[0]!, accept);
  };
  const types = accept.map((a) => a.toUpperCase()).join('、');

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && close()}
      title={t('dialog.title')}
      description={t('dialog.description')}
      widthClass="md:w-[480px]"
      footer={
        <button type="button" className={modalButton.secondary} onClick={close}>
          {state.phase === 'parsing' ? t('dialog.background') : state.phase === 'uploading' || state.phase === 'checking' ? t('dialog.cancelUpload') : t('dialog.cancel')}
        </button>
      }
    >
      {state.phase === 'failed' && state.failure && <FailureNote failure={state.failure} />}
      {many && !busy && (
        <p role="alert" className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-700 dark:bg-amber-500/10 dark:text-amber-300">
          {t('dialog.onlyOne')}
        </p>
      )}
      {busy ? (
        <Progress state={state} />
      ) : (
        <button
          type="button"
          data-testid="document-dropzone"
          onClick={() => input.current?.click()}
          onDragEnter={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            take(e.dataTransfer.files);
          }}
          className={clsx(
            'flex w-full flex-col items-center justify-center rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors md:py-10',
            over ? 'border-primary bg-primary-soft/40' : 'border-neutral-200 hover:border-primary/50 hover:bg-neutral-50 dark:border-neutral-700 dark:hover:bg-neutral-800/50',
          )}
        >
          <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-fg">
            <FileUp className="size-6" strokeWidth={1.8} aria-hidden />
          </span>
          <span className="mt-3 text-sm font-medium">{over ? t('dialog.dropActive') : t('dialog.drop')}</span>
          <span className="mt-1.5 text-xs leading-5 text-neutral-500 dark:text-neutral-400">{t('dialog.types', { types })}</span>
          <span className="text-xs leading-5 text-neutral-500 dark:text-neutral-400">
            {t('dialog.maxSize', { mb: maxMb })}
            {quota && <> · {t('dialog.quota', quota)}</>}
          </span>
        </button>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptAttr(accept)}
        aria-label={t('dialog.fileInput')}
        data-testid="document-file-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          take(files);
        }}
      />
    </Modal>
  );
}
