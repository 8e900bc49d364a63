import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { clsx } from 'clsx';
import { toast } from '../lib/toast.ts';
import { copyText } from '../lib/clipboard.ts';
import { actionButton } from './styles.ts';
import './locales.ts';
import { useTranslation } from '../lib/i18n.ts';

/** Copy with a short ✓ as feedback (and a toast when copying failed). */
export function CopyButton({ text, label, size = 'md', showText }: { text: string; label: string; size?: 'sm' | 'md'; showText?: boolean }) {
  const { t } = useTranslation('common');
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    if (!(await copyText(text))) {
      toast.error(t('copyFailed'));
      return;
    }
    setDone(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setDone(false), 1500);
  };

  const Icon = done ? Check : Copy;
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      aria-label={showText && done ? t('copied') : label}
      title={label}
      data-export-ignore
      className={clsx(actionButton, size === 'sm' && 'h-7 px-1.5', showText && 'w-auto gap-1 px-2 text-xs')}
    >
      <Icon className={clsx(size === 'sm' ? 'size-3.5' : 'size-4', done && 'text-emerald-600 dark:text-emerald-400')} aria-hidden />
      {showText && <span>{done ? t('copied') : t('copy')}</span>}
    </button>
  );
}
