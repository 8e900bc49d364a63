import { useId, useRef, useState } from 'react';
import { Download, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { Modal, modalButton } from '../Modal.tsx';
import {
  checkPrompt,
  exportPrompts,
  importPrompts,
  PROMPT_CONTENT_MAX,
  PROMPT_FILE_MAX_BYTES,
  PROMPT_TITLE_MAX,
  searchPrompts,
  type ImportNotice,
  type PromptItem,
} from './prompt-rules.ts';
import { usePromptStore } from './prompt-store.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Offered from the composer: 使用 fills it with the prompt's content. */
  onPick?(content: string): void;
}

const input =
  'w-full rounded-xl border border-neutral-200 bg-white px-3 text-sm outline-none transition-colors focus:border-primary dark:border-neutral-700 dark:bg-neutral-900';
const small =
  'inline-flex h-8 items-center gap-1 rounded-lg px-2.5 text-sm text-neutral-700 transition-colors hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800';

/** The prompt store of SPEC §3: list, search, add, edit, delete, JSON import and download. */
export default function PromptStoreDialog({ open, onOpenChange, onPick }: Props) {
  const { t } = useTranslation('prompts');
  const ids = useId();
  const list = usePromptStore((s) => s.promptList);
  const [q, setQ] = useState('');
  const [mode, setMode] = useState<'list' | 'form' | 'import'>('list');
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<PromptItem>({ key: '', value: '' });
  const [paste, setPaste] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);

  const startForm = (index: number | null) => {
    setEditing(index);
    setDraft(index === null ? { key: '', value: '' } : { ...list[index]! });
    setMode('form');
  };

  const saveForm = () => {
    const problem = checkPrompt(list, draft, editing);
    if (problem) {
      const msg = draft.key.trim();
      const edit = editing !== null;
      toast.error(
        problem === 'empty'
          ? t('emptyTips')
          : problem === 'repeatTitle'
            ? t(edit ? 'editRepeatTitleTips' : 'addRepeatTitleTips')
            : t(edit ? 'editRepeatContentTips' : 'addRepeatContentTips', { msg }),
      );
      return;
    }
    const item = { key: draft.key.trim(), value: draft.value.trim() };
    const next = editing === null ? [item, ...list] : list.map((p, i) => (i === editing ? item : p));
    usePromptStore.getState().setList(next);
    toast.success(t('form.saved'));
    setMode('list');
  };

  const remove = (index: number) => {
    usePromptStore.getState().setList(list.filter((_, i) => i !== index));
    toast.success(t('deleted'));
  };

  const notice = (n: ImportNotice) =>
    n.kind === 'repeatTitle'
      ? t('importRepeatTitle', { msg: n.title })
      : n.kind === 'repeatContent'
        ? t('importRepeatContent', { msg: n.title })
        : n.kind === 'keyMismatch'
          ? t('importError')
          : n.kind === 'badFile'
            ? t('downloadError')
            : t('full');

  const runImport = (text: string) => {
    const r = importPrompts(usePromptStore.getState().promptList, text);
    for (const n of r.notices) (r.refused ? toast.error : toast.info)(notice(n));
    if (r.refused) return;
    usePromptStore.getState().setList(r.list);
    toast.success(t('importDone', { count: r.added }));
    setPaste('');
    setMode('list');
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PROMPT_FILE_MAX_BYTES) return toast.error(t('downloadError'));
    try {
      runImport(await file.text());
    } catch {
      toast.error(t('downloadError'));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([exportPrompts(list)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'ChatGPTPromptTemplate.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const shown = searchPrompts(list, q);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('title')} description={t('desc')} widthClass="md:w-[640px]">
      {mode === 'form' ? (
        <form
          className="flex flex-col gap-3 py-1"
          onSubmit={(e) => {
            e.preventDefault();
            // The dialog is rendered inside the composer's form in React's tree: its submit must not send a message.
            e.stopPropagation();
            saveForm();
          }}
        >
          <label htmlFor={`${ids}-key`} className="text-sm font-medium">
            {t('form.title')}
          </label>
          <input id={`${ids}-key`} value={draft.key} maxLength={PROMPT_TITLE_MAX} onChange={(e) => setDraft({ ...draft, key: e.target.value })} className={`${input} h-10`} />
          <label htmlFor={`${ids}-value`} className="text-sm font-medium">
            {t('form.content')}
          </label>
          <textarea id={`${ids}-value`} value={draft.value} maxLength={PROMPT_CONTENT_MAX} rows={6} onChange={(e) => setDraft({ ...draft, value: e.target.value })} className={`${input} py-2 leading-6`} />
          <div className="flex justify-end gap-2 pt-1">
            <button type="button" className={modalButton.secondary} onClick={() => setMode('list')}>
              {t('form.cancel')}
            </button>
            <button type="submit" className={modalButton.primary}>
              {t('form.save')}
            </button>
          </div>
        </form>
      ) : mode === 'import' ? (
        <div className="flex flex-col gap-3 py-1">
          <label htmlFor={`${ids}-paste`} className="sr-only">
            {t('importPlaceholder')}
          </label>
          <textarea id={`${ids}-paste`} value={paste} rows={8} onChange={(e) => setPaste(e.target.value)} placeholder={t('importPlaceholder')} className={`${input} py-2 font-mono text-[13px] leading-5`} />
          <input ref={fileRef} type="file" accept=".json,application/json" hidden data-testid="prompt-file" onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            void readFile(file);
          }} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={modalButton.secondary} onClick={() => setMode('list')}>
              {t('form.cancel')}
            </button>
            <button type="button" className={modalButton.secondary} onClick={() => fileRef.current?.click()}>
              {t('importFile')}
            </button>
            <button type="button" className={modalButton.primary} disabled={!paste.trim()} onClick={() => runImport(paste)}>
              {t('importRun')}
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3 py-1">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${ids}-q`} className="sr-only">
              {t('search')}
            </label>
            <input id={`${ids}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('search')} className={`${input} h-9 min-w-0 flex-1 basis-40`} />
            <button type="button" className={small} onClick={() => startForm(null)}>
              <Plus className="size-4" aria-hidden />
              {t('add')}
            </button>
            <button type="button" className={small} onClick={() => setMode('import')}>
              <Upload className="size-4" aria-hidden />
              {t('import')}
            </button>
            <button type="button" className={small} onClick={download} disabled={!list.length}>
              <Download className="size-4" aria-hidden />
              {t('download')}
            </button>
          </div>
          {shown.length === 0 ? (
            <p className="py-8 text-center text-sm text-neutral-500 dark:text-neutral-400">{list.length ? t('noMatch') : t('empty')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-neutral-100 dark:divide-neutral-800" aria-label={t('title')}>
              {shown.map((p) => {
                const index = list.indexOf(p);
                return (
                  <li key={p.key} className="flex items-start gap-2 py-2.5" data-testid="prompt-item">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">{p.key}</p>
                      <p className="line-clamp-2 text-xs leading-5 text-neutral-500 dark:text-neutral-400">{p.value}</p>
                    </div>
                    <div className="flex shrink-0 items-center">
                      {onPick && (
                        <button type="button" className={`${small} font-medium text-primary-fg`} onClick={() => onPick(p.value)} aria-label={`${t('use')}：${p.key}`}>
                          {t('use')}
                        </button>
                      )}
                      <button type="button" className={small} onClick={() => startForm(index)} aria-label={`${t('edit')}：${p.key}`} title={t('edit')}>
                        <Pencil className="size-4" aria-hidden />
                      </button>
                      <button type="button" className={small} onClick={() => remove(index)} aria-label={`${t('delete')}：${p.key}`} title={t('delete')}>
                        <Trash2 className="size-4" aria-hidden />
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}
