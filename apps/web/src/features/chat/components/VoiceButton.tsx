import { useEffect, useRef, useState } from 'react';
import { Loader2, Mic, Square } from 'lucide-react';
import { clsx } from 'clsx';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import type { Dictation, DictationFailure } from '../voice/dictation.ts';
import { dictationWay } from '../voice/support.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const composerTool =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-neutral-500 transition-colors hover:bg-neutral-100 hover:text-neutral-800 disabled:opacity-40 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100';

/**
 * Dictation into the composer: the server's transcription when the operator configured one,
 * else the browser's own recognition; hidden where neither works. The engine loads on first use.
 */
export function VoiceButton({ onText, disabled }: { onText(text: string): void; disabled?: boolean }) {
  const { t, i18n } = useTranslation('chat');
  const serverTranscribes = useSession((s) => s.website?.voice?.transcribe === true);
  const token = useSession((s) => s.token);
  const [state, setState] = useState<'idle' | 'listening' | 'busy'>('idle');
  const [seconds, setSeconds] = useState(0);
  const session = useRef<Dictation | null>(null);
  const way = dictationWay(serverTranscribes);

  useEffect(() => () => session.current?.cancel(), []);
  useEffect(() => {
    if (state !== 'listening') return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [state]);

  if (!way) return null;

  const failed = (f?: DictationFailure) => {
    session.current = null;
    setState('idle');
    if (f === 'denied') toast.error(t('voice.denied'));
    else if (f === 'unavailable') toast.error(t('voice.unavailable'));
    else if (f === 'empty') toast.info(t('voice.empty'));
  };

  const toggle = async () => {
    if (state === 'listening') return session.current?.stop();
    if (state !== 'idle') return;
    if (way === 'server' && !token) return useSession.getState().openLogin();
    setState('listening');
    const { startDictation } = await import('../voice/dictation.ts');
    session.current = await startDictation(way, i18n.language, {
      onText,
      onBusy: (busy) => setState(busy ? 'busy' : 'idle'),
      onEnd: failed,
    });
  };

  const label = state === 'listening' ? t('voice.stop') : t('voice.start');
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={disabled || state === 'busy'}
      aria-label={label}
      aria-pressed={state === 'listening'}
      title={label}
      data-testid="voice-input"
      className={clsx(composerTool, state === 'listening' && 'w-auto gap-1 bg-red-50 px-2.5 text-red-600 hover:bg-red-100 hover:text-red-700 dark:bg-red-500/15 dark:text-red-300')}
    >
      {state === 'busy' ? (
        <Loader2 className="size-5 animate-spin" aria-hidden />
      ) : state === 'listening' ? (
        <>
          <Square className="size-3.5 animate-pulse fill-current" aria-hidden />
          <span className="text-xs tabular-nums">{t('voice.seconds', { count: seconds })}</span>
        </>
      ) : (
        <Mic className="size-5" aria-hidden />
      )}
      <span className="sr-only" aria-live="polite">
        {state === 'listening' ? t('voice.listening') : state === 'busy' ? t('voice.transcribing') : ''}
      </span>
    </button>
  );
}
