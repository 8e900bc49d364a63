import { useId, useState } from 'react';
import { Check, Copy, ExternalLink, Link2 } from 'lucide-react';
import type { ShareItem } from '@app/shared';
import { CHAT_TITLE_MAX } from '@app/shared/constants';
import { copyText } from '../../lib/clipboard.ts';
import { toast } from '../../lib/toast.ts';
import { Modal } from '../Modal.tsx';
import { createShare } from './api.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** A message of the conversation on screen, as the dialog offers it as an end point. */
export interface ShareableMessage {
  id: number | null;
  inversion: boolean;
  text: string;
}

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  uuid: number;
  title: string;
  messages: readonly ShareableMessage[];
}

const field =
  'h-10 w-full rounded-xl border border-neutral-200 bg-white px-3 text-sm outline-none transition-colors focus:border-primary dark:border-neutral-700 dark:bg-neutral-900';

const preview = (text: string) => {
  const line = Array.from(text.replace(/[#>*_`~|$\\]+/g, ' ').replace(/\s+/g, ' ').trim());
  return line.length > 24 ? `${line.slice(0, 24).join('')}…` : line.join('');
};

/** Shares the conversation on screen (whole, or up to one saved message) as a read-only link, then offers to copy it. */
export default function ShareSheet({ open, onOpenChange, uuid, title, messages }: Props) {
  const { t } = useTranslation('share');
  const ids = useId();
  const [name, setName] = useState(title);
  const [upTo, setUpTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ShareItem | null>(null);
  const [copied, setCopied] = useState(false);
  const saved = messages.map((m, i) => ({ ...m, n: i + 1 })).filter((m): m is typeof m & { id: number } => m.id !== null && m.text.trim() !== '');

  const submit = async () => {
    setBusy(true);
    try {
      const share = await createShare({ uuid, title: name.trim() || undefined, messageId: upTo ? Number(upTo) : undefined });
      setMade(share);
      toast.success(t('dialog.created'));
    } catch {
      // The http client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!made) return;
    if (await copyText(made.url)) {
      setCopied(true);
      toast.success(t('dialog.copied'));
    } else toast.error(t('dialog.copy'));
  };

  const footer = made ? (
    <>
      <a
        href={made.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex h-10 items-center justify-center gap-1.5 rounded-xl border border-neutral-200 px-4 text-sm font-medium hover:bg-neutral-50 dark:border-neutral-700 dark:hover:bg-neutral-800"
      >
        <ExternalLink className="size-4" aria-hidden />
        {t('dialog.open')}
      </a>
      <button type="button" onClick={() => void copy()} className="inline-flex h-10 items-center justify-center gap-1.5 rounded-xl bg-primary px-5 text-sm font-medium text-white hover:bg-primary-hover">
        {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        {t('dialog.copy')}
      </button>
    </>
  ) : (
    <button
      type="button"
      disabled={busy || uuid === 0}
      onClick={() => void submit()}
      className="inline-flex h-10 items-center justify-center gap-1.5 rounded-xl bg-primary px-5 text-sm font-medium text-white hover:bg-primary-hover disabled:opacity-50"
    >
      <Link2 className="size-4" aria-hidden />
      {busy ? t('dialog.creating') : t('dialog.create')}
    </button>
  );

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('dialog.title')} description={t('dialog.desc')} footer={footer} widthClass="md:w-[480px]">
      {uuid === 0 ? (
        <p className="py-2 text-sm text-neutral-500 dark:text-neutral-400">{t('dialog.unsaved')}</p>
      ) : made ? (
        <div className="flex flex-col gap-2 py-1">
          <label htmlFor={`${ids}-link`} className="text-sm font-medium">
            {t('dialog.link')}
          </label>
          <input id={`${ids}-link`} readOnly value={made.url} onFocus={(e) => e.currentTarget.select()} className={`${field} font-mono text-[13px]`} data-testid="share-url" />
          <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('dialog.manage')}</p>
        </div>
      ) : (
        <div className="flex flex-col gap-4 py-1">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${ids}-title`} className="text-sm font-medium">
              {t('dialog.titleLabel')}
            </label>
            <input id={`${ids}-title`} value={name} maxLength={CHAT_TITLE_MAX} onChange={(e) => setName(e.target.value)} className={field} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${ids}-scope`} className="text-sm font-medium">
              {t('dialog.scopeLabel')}
            </label>
            <select id={`${ids}-scope`} value={upTo} onChange={(e) => setUpTo(e.target.value)} className={field}>
              <option value="">{t('dialog.whole', { count: messages.length })}</option>
              {saved.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {t('dialog.upTo', { n: m.n, preview: preview(m.text) })}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </Modal>
  );
}
