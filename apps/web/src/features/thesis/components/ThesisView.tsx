import { useState } from 'react';
import { ArrowLeft, FileDown, FileText, FileType, Loader2, Square, Trash2 } from 'lucide-react';
import { thesisCost, type ThesisOrderItem } from '@app/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { downloadExport } from '../api.ts';
import { useThesisView } from '../controller/useThesisView.ts';
import { OutlineEditor } from './OutlineEditor.tsx';
import { SectionList } from './SectionList.tsx';
import { card, primaryButton, secondaryButton } from './styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  id: number;
  /** Start generating the outline at once (a thesis just created). */
  autoOutline: boolean;
  orders: ThesisOrderItem[];
  onBack(): void;
}

/** One thesis: its outline (generated, then edited), its sections as they are written, its exports. */
export function ThesisView({ id, autoOutline, orders, onBack }: Props) {
  const { t } = useTranslation('thesis');
  const c = useThesisView(id, autoOutline);
  const { detail, outlineText, live, writing, busy } = c;
  const [exporting, setExporting] = useState<'docx' | 'pdf' | 'md' | null>(null);
  const [payBy, setPayBy] = useState('');
  const [confirm, setConfirm] = useState<{ kind: 'delete' } | { kind: 'stop' } | { kind: 'rewrite'; key: string; title: string; chars: number } | null>(null);

  if (!detail) return <div className="flex flex-1 items-center justify-center text-sm text-neutral-500">…</div>;

  const available = orders.filter((o) => o.state === 'available' && o.chars >= detail.length);
  const sectionsWritten = detail.outline?.some((c) => c.sections.some((s) => s.text)) ?? false;
  const allDone = detail.outline?.every((c) => c.sections.every((s) => s.status === 'done')) ?? false;
  const canEdit = detail.status !== 'writing' && outlineText === null;

  const exportAs = (format: 'docx' | 'pdf' | 'md') => {
    setExporting(format);
    void downloadExport(detail.id, format, detail.title)
      .then(
        () => toast.success(t('export.done')),
        () => toast.error(t('export.failed')),
      )
      .finally(() => setExporting(null));
  };
  const exportButton = (format: 'docx' | 'pdf' | 'md', Icon: typeof FileDown, label: string) => (
    <button type="button" className={`${secondaryButton} h-8`} onClick={() => exportAs(format)} disabled={exporting !== null} aria-busy={exporting === format}>
      {exporting === format ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Icon className="size-4" aria-hidden />}
      {exporting === format ? t('export.working') : label}
    </button>
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start gap-2">
        <button type="button" onClick={onBack} className={`${secondaryButton} h-8 px-2 md:hidden`} aria-label={t('back')}>
          <ArrowLeft className="size-4" aria-hidden />
        </button>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold break-words">{detail.title}</h2>
          <p className="mt-0.5 text-xs text-neutral-500 dark:text-neutral-400">
            {detail.kind} · {detail.discipline} · {detail.language} · {t(`status.${detail.status}`, { defaultValue: detail.status })}
            {detail.written > 0 && ` · ${t('write.written', { chars: detail.written.toLocaleString() })}`}
            {detail.charged > 0 && ` · ${t('write.charged', { credits: detail.charged })}`}
          </p>
          {detail.reference_title && (
            <p className="mt-0.5 truncate text-xs text-neutral-500 dark:text-neutral-400" data-testid="thesis-reference">
              {t('form.reference', { title: detail.reference_title })}
            </p>
          )}
          {detail.outline && (
            <p className="mt-1 text-xs text-amber-700 dark:text-amber-400" data-testid="thesis-references-note">
              {t('referencesNote')}
            </p>
          )}
        </div>
        {detail.outline && (
          <div className="flex flex-wrap gap-2">
            {exportButton('docx', FileDown, t('export.word'))}
            {detail.pdf && exportButton('pdf', FileType, t('export.pdf'))}
            {exportButton('md', FileText, t('export.md'))}
          </div>
        )}
        {canEdit && (
          <button type="button" className={`${secondaryButton} h-8 px-2`} aria-label={t('remove.action')} onClick={() => setConfirm({ kind: 'delete' })}>
            <Trash2 className="size-4" aria-hidden />
          </button>
        )}
      </div>

      {detail.offline && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          <strong>{t('offline')}</strong>：{t('offlineHint')}
        </p>
      )}

      {outlineText !== null && (
        <section className={card} aria-busy="true" data-testid="thesis-outline-stream">
          <div className="mb-2 flex items-center gap-2">
            <h3 className="flex-1 text-sm font-semibold">{t('outline.generating')}</h3>
            <button type="button" className={`${secondaryButton} h-8`} disabled={c.outlineState === 'stopping'} onClick={c.stopOutline}>
              {c.outlineState === 'stopping' ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : <Square className="size-3.5" aria-hidden />}
              {c.outlineState === 'stopping' ? t('outline.stopping') : t('outline.stop')}
            </button>
          </div>
          <pre className="text-sm leading-7 whitespace-pre-wrap text-neutral-700 dark:text-neutral-300" aria-live="polite">
            {outlineText}
          </pre>
        </section>
      )}

      {detail.status === 'draft' && outlineText === null && (
        <button type="button" className={`${primaryButton} self-start`} onClick={c.generate}>
          {t('form.submit')}
        </button>
      )}

      {detail.outline && canEdit && !allDone && (
        <section className={card} aria-labelledby="outline-heading">
          <div className="mb-3 flex items-center gap-2">
            <h3 id="outline-heading" className="flex-1 text-sm font-semibold">
              {t('outline.heading')}
            </h3>
            {!sectionsWritten && (
              <button type="button" className={`${secondaryButton} h-8`} onClick={c.generate}>
                {t('outline.regenerate')}
              </button>
            )}
          </div>
          <OutlineEditor
            key={detail.updated_at}
            outline={detail.outline}
            busy={busy}
            onSave={c.saveOutline}
          />
          <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-neutral-100 pt-4 dark:border-neutral-800">
            <label className="flex min-w-0 items-center gap-2 text-sm">
              <span className="shrink-0 text-neutral-600 dark:text-neutral-300">{t('write.payBy')}</span>
              <select className="h-9 min-w-0 rounded-lg border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-700 dark:bg-neutral-900" value={detail.order_sn ?? payBy} disabled={!!detail.order_sn} onChange={(e) => setPayBy(e.target.value)}>
                <option value="">{t('write.credits', { credits: thesisCost(detail.length) })}</option>
                {[...available, ...(detail.order_sn ? [{ order_sn: detail.order_sn, chars: detail.length }] : [])].map((o) => (
                  <option key={o.order_sn} value={o.order_sn}>
                    {t('write.order', { sn: o.order_sn.slice(-6), chars: o.chars.toLocaleString() })}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className={`${primaryButton} ml-auto`}
              disabled={busy}
              onClick={() => void c.write(payBy || undefined)}
            >
              {sectionsWritten ? t('write.resume') : t('write.start')}
            </button>
          </div>
        </section>
      )}

      {writing && (
        <div className="flex items-center gap-3 rounded-lg bg-primary-soft px-3 py-2 text-sm text-primary-fg">
          <span className="flex-1">{t('write.closeHint')}</span>
          <button type="button" className={`${secondaryButton} h-8`} disabled={busy} onClick={() => setConfirm({ kind: 'stop' })}>
            <Square className="size-3.5" aria-hidden />
            {t('write.stop')}
          </button>
        </div>
      )}

      {detail.abstract && (
        <section className={card}>
          <h3 className="text-sm font-semibold">{t('abstract')}</h3>
          <p className="mt-2 text-sm leading-7 text-neutral-700 dark:text-neutral-300">{detail.abstract}</p>
          {detail.keywords && (
            <p className="mt-2 text-sm">
              <span className="font-medium">{t('keywords')}：</span>
              {detail.keywords}
            </p>
          )}
          {detail.abstract_en && (
            <div lang="en" data-testid="thesis-abstract-en">
              <h3 className="mt-4 text-sm font-semibold">Abstract</h3>
              <p className="mt-2 text-sm leading-7 text-neutral-700 dark:text-neutral-300">{detail.abstract_en}</p>
              {detail.keywords_en && (
                <p className="mt-2 text-sm">
                  <span className="font-medium">Key words: </span>
                  {detail.keywords_en}
                </p>
              )}
            </div>
          )}
        </section>
      )}

      {detail.outline && (writing || sectionsWritten) && (
        <section className={card}>
          <SectionList outline={detail.outline} live={live} writing={writing} onRewrite={(key, title, chars) => setConfirm({ kind: 'rewrite', key, title, chars })} />
        </section>
      )}

      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'rewrite' ? t('write.rewrite') : confirm?.kind === 'stop' ? t('write.stop') : t('remove.action')}
        description={
          confirm?.kind === 'rewrite'
            ? t('write.rewriteConfirm', { title: confirm.title, credits: thesisCost(confirm.chars) })
            : confirm?.kind === 'stop'
              ? t(detail.order_sn ? 'write.stopConfirmOrder' : 'write.stopConfirm')
              : t('remove.confirm', { title: detail.title })
        }
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          const asked = confirm;
          setConfirm(null);
          if (asked?.kind === 'stop') void c.stopWriting();
          else if (asked?.kind === 'rewrite') void c.rewrite(asked.key);
          else void c.remove(onBack);
        }}
      />
    </div>
  );
}
