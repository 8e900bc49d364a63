import { useEffect, useRef, useState } from 'react';
import { Volume2, VolumeX } from 'lucide-react';
import { useSession } from '../../../lib/session.ts';
import { actionButton } from '../../../components/styles.ts';
import type { Playback } from '../voice/read-aloud.ts';
import { readAloudWay } from '../voice/support.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Read a reply aloud (the server's voice when configured, else the browser's); press again to stop. Hidden where neither works. */
export function ReadAloudButton({ text }: { text: string }) {
  const { t, i18n } = useTranslation('chat');
  const serverSpeaks = useSession((s) => s.website?.voice?.speech === true);
  const [playing, setPlaying] = useState(false);
  const playback = useRef<Playback | null>(null);
  const way = readAloudWay(serverSpeaks);

  useEffect(() => () => playback.current?.stop(), []);
  if (!way) return null;

  const toggle = async () => {
    if (playing) return playback.current?.stop();
    const { readAloud, speakableText } = await import('../voice/read-aloud.ts');
    const words = speakableText(text);
    if (!words) return;
    setPlaying(true);
    playback.current = await readAloud(way, words, i18n.language, () => {
      playback.current = null;
      setPlaying(false);
    });
  };

  const label = playing ? t('voice.stopReading') : t('voice.read');
  return (
    <button type="button" className={actionButton} aria-label={label} aria-pressed={playing} title={label} onClick={() => void toggle()}>
      {playing ? <VolumeX className="size-4 text-primary-fg" aria-hidden /> : <Volume2 className="size-4" aria-hidden />}
    </button>
  );
}
