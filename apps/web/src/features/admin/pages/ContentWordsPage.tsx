import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { MODERATION_IMPORT_MAX, MODERATION_WORD_MAX } from '@app/shared';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { contentEp } from '../api-content.ts';
import { fmtTime } from '../format.ts';
import { btn, Card, DataTable, Field, input, PageTitle, Pager, type Column } from '../components/ui.tsx';
import '../locales-content.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const SIZE = 50;
const KEY = ['admin', 'content', 'words'] as const;
type Word = { id: number; word: string; createdAt: string };

/** /admin/words: the moderation word list every prompt is checked against. */
export default function ContentWordsPage() {
  const { t } = useTranslation('adminContent');
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const list = useQuery({
    queryKey: [...KEY, search, page],
    queryFn: () => callRoute(contentEp.words, { q: search || undefined, page, size: SIZE }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const add = useMutation({
    mutationFn: () => callRoute(contentEp.wordImport, { text }),
    onSuccess: async (r) => {
      toast.success(t('words.result', { added: r.added, existing: r.existing }));
      setText('');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => callRoute(contentEp.wordDelete, { ids }),
    onSuccess: async (r) => {
      toast.success(t('words.removed', { count: r.removed }));
      setSelected(new Set());
      await refresh();
    },
  });
  const pick = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const columns: Column<Word>[] = [
    {
      key: 'pick',
      title: <span className="sr-only">{t('words.select', { word: '' })}</span>,
      render: (w) => <input type="checkbox" aria-label={t('words.select', { word: w.word })} checked={selected.has(w.id)} onChange={(e) => pick(w.id, e.target.checked)} />,
    },
    { key: 'word', title: t('words.word'), render: (w) => <span className="font-medium">{w.word}</span> },
    { key: 'at', title: t('words.createdAt'), render: (w) => fmtTime(w.createdAt) },
    {
      key: 'remove',
      title: <span className="sr-only">{t('words.remove')}</span>,
      render: (w) => (
        <button type="button" className={btn.icon} aria-label={t('words.removeLabel', { word: w.word })} onClick={() => remove.mutate([w.id])}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{t('words.title')}</PageTitle>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('words.hint')}</p>
      <Card title={t('words.import')}>
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <Field label={t('words.import')} htmlFor="words-import" hint={t('words.importHint')}>
            <textarea id="words-import" className={`${input} min-h-24`} required maxLength={MODERATION_IMPORT_MAX * (MODERATION_WORD_MAX + 2)} value={text} onChange={(e) => setText(e.target.value)} />
          </Field>
          <button type="submit" className={`${btn.primary} self-start`} disabled={add.isPending || !text.trim()}>
            {t('words.importButton')}
          </button>
        </form>
      </Card>
      <Card
        actions={
          selected.size > 0 && (
            <button type="button" className={btn.danger} disabled={remove.isPending} onClick={() => remove.mutate([...selected])}>
              {t('words.removeSelected', { count: selected.size })}
            </button>
          )
        }
        title={t('words.title')}
      >
        <form
          role="search"
          className="mb-3"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(q.trim());
            setPage(1);
          }}
        >
          <input type="search" aria-label={t('words.search')} placeholder={t('words.search')} className={`${input} max-w-xs`} value={q} maxLength={50} onChange={(e) => setQ(e.target.value)} />
        </form>
        {list.data && (
          <>
            <DataTable caption={t('words.title')} rows={list.data.rows} columns={columns} rowKey={(w) => w.id} />
            <Pager page={page} size={SIZE} total={list.data.total} onPage={setPage} />
          </>
        )}
      </Card>
    </div>
  );
}
