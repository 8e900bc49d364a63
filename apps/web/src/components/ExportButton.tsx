import { useState } from 'react';
import { ImageDown, Loader2 } from 'lucide-react';
import { EXPORT_FILE_NAME } from '@app/shared/constants';
import { toast } from '../lib/toast.ts';
import { iconButton } from './styles.ts';
import './locales.ts';
import { useTranslation } from '../lib/i18n.ts';

const frames = (n: number) => new Promise<void>((r) => {
  const step = (left: number) => (left === 0 ? r() : requestAnimationFrame(() => step(left - 1)));
  step(n);
});

interface Props {
  target: () => HTMLElement | null;
  disabled: boolean;
  /** Told before the picture is taken (and after): a virtualised list renders every row meanwhile. */
  onExporting?(exporting: boolean): void;
}

/** SPEC §2.7 / §9: a conversation as chat-shot.png (html-to-image is fetched on first use). */
export function ExportButton({ target, disabled, onExporting }: Props) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    onExporting?.(true);
    try {
      const [{ toPng }] = await Promise.all([import('html-to-image'), frames(2)]);
      const node = target();
      if (!node) throw new Error('nothing to export');
      const dataUrl = await toPng(node, {
        pixelRatio: Math.min(2, window.devicePixelRatio || 1),
        backgroundColor: getComputedStyle(document.body).backgroundColor,
        cacheBust: true,
        // Images that cannot be read (other origins) become blank rather than failing the export.
        imagePlaceholder: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
        filter: (n) => !(n instanceof HTMLElement && n.dataset.exportIgnore !== undefined),
      });
      const a = document.createElement('a');
      a.href = dataUrl;
      a.download = EXPORT_FILE_NAME;
      a.click();
      toast.success(t('exportDone'));
    } catch {
      toast.error(t('exportFailed'));
    } finally {
      onExporting?.(false);
      setBusy(false);
    }
  };

  return (
    <button type="button" onClick={() => void run()} disabled={disabled || busy} aria-label={t('export')} title={t('export')} className={iconButton}>
      {busy ? <Loader2 className="size-[18px] animate-spin" aria-hidden /> : <ImageDown className="size-[18px]" aria-hidden />}
    </button>
  );
}
