import { useEffect, useRef } from 'react';
import { ArrowUp, ImagePlus, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { clsx } from 'clsx';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { stopReply } from '../controller/run.ts';
import { sendMessage } from '../controller/turns.ts';
import { useImageUpload } from '../hooks/useImageUpload.ts';
import { capText, inputCap, textLength } from '../logic/input-cap.ts';
import { IMAGE_ACCEPT } from '../logic/images.ts';
import { ComposerInput } from '../../../components/ComposerInput.tsx';
import { useAutosize } from '../../../lib/useAutosize.ts';
import { useChat } from '../stores/chat-store.ts';
import { useDraft } from '../stores/draft-store.ts';
import { useCurrentFeature } from '../stores/model-store.ts';
import { useChatUi } from '../stores/ui-store.ts';
import { ImageStrip } from './ImageStrip.tsx';

/** Vertical padding of the textarea: desktop pt-3 + pb-2, mobile 6 px + 6 px. */
const padPx = (mobile: boolean) => (mobile ? 12 : 20);

export function Composer({ mobile, onSent }: { mobile: boolean; onSent(): void }) {
  const { t } = useTranslation('chat');
  const text = useDraft((s) => s.text);
  const images = useDraft((s) => s.images);
  const setText = useDraft((s) => s.setText);
  const generating = useChat((s) => s.generating);
  const token = useSession((s) => s.token);
  const robotName = useSession((s) => s.globalConfig?.siteRobotName) || t('robot');
  const feature = useCurrentFeature();
  const cap = inputCap(feature);
  const upload = useImageUpload(feature?.code ?? '');
  const ref = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  useAutosize(ref, text, mobile ? 1 : 2, mobile ? 4 : 8, padPx(mobile));

  const applyCap = (value: string) => {
    const capped = capText(value, cap);
    setText(capped.text);
    if (capped.truncated) useChatUi.getState().set({ capNotice: cap });
  };

  // A model with a smaller limit cuts what is already typed (SPEC §5).
  useEffect(() => {
    const current = useDraft.getState().text;
    const capped = capText(current, cap);
    if (capped.truncated) {
      useDraft.getState().setText(capped.text);
      useChatUi.getState().set({ capNotice: cap });
    }
  }, [cap]);

  const blank = !text.trim();
  const submit = async () => {
    if (generating) return;
    if (!token) {
      useSession.getState().openLogin();
      return;
    }
    if (blank) return;
    if (images.some((i) => i.status === 'uploading')) {
      toast.info(t('imageUploading'));
      return;
    }
    const urls = images.filter((i) => i.status === 'done' && i.url).map((i) => i.url!);
    const input = text;
    useDraft.getState().clear();
    onSent();
    await sendMessage(input, feature?.vision ? urls : []);
  };

  const length = textLength(text);
  const showCount = length > cap * 0.8;

  const imageButton = feature?.vision && (
    <>
      <button
        type="button"
        onClick={() => (token ? fileRef.current?.click() : useSession.getState().openLogin())}
        disabled={generating}
        aria-label={t('uploadImage')}
        title={t('uploadImage')}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-neutral-500 transition-colors hover:bg-neutral-100 hover:text-neutral-800 disabled:opacity-40 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
      >
        <ImagePlus className="size-5" aria-hidden />
      </button>
      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        data-testid="image-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          void upload(files);
        }}
      />
    </>
  );

  const sendOrStop = generating ? (
    <button
      type="button"
      onClick={() => void stopReply()}
      aria-label={t('stop')}
      title={t('stop')}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-neutral-900 text-white transition-colors hover:bg-neutral-700 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200"
    >
      <Square className="size-3.5 fill-current" aria-hidden />
    </button>
  ) : (
    <button
      type="submit"
      disabled={blank}
      aria-label={t('send')}
      title={t('send')}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-white transition-colors hover:bg-primary-hover disabled:bg-neutral-200 disabled:text-neutral-400 dark:disabled:bg-neutral-800 dark:disabled:text-neutral-500"
    >
      <ArrowUp className="size-5" strokeWidth={2.2} aria-hidden />
    </button>
  );

  const counter = showCount && (
    <span className={clsx('shrink-0 text-xs tabular-nums', length >= cap ? 'text-red-500' : 'text-neutral-400')} aria-live="polite">
      {length}/{cap}
    </span>
  );

  const textarea = (
    <ComposerInput
      ref={ref}
      value={text}
      onChange={(v) => applyCap(v)}
      onSend={() => void submit()}
      mobile={mobile}
      disabled={generating}
      label={t('input')}
      placeholder={`${t('placeholder', { name: robotName })}${mobile ? '' : `（${t('keyHintDesktop')}）`}`}
    />
  );

  return (
    <form
      className="mx-auto w-full max-w-3xl px-3 md:px-6"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div
        className={clsx(
          'rounded-[22px] border bg-white shadow-[0_2px_12px_rgba(0,0,0,0.04)] transition-colors dark:bg-neutral-900',
          'border-neutral-200 focus-within:border-neutral-300 dark:border-neutral-800 dark:focus-within:border-neutral-700',
        )}
      >
        <ImageStrip />
        {mobile ? (
          // One row on a phone: the conversation keeps the height.
          <div className={clsx('flex items-end gap-1.5 py-1.5 pr-1.5', imageButton ? 'pl-1.5' : 'pl-4')}>
            {imageButton}
            {textarea}
            {counter}
            {sendOrStop}
          </div>
        ) : (
          <>
            {textarea}
            <div className="flex items-center justify-between gap-2 px-2.5 pb-2.5">
              <div className="flex min-w-0 items-center gap-1">{imageButton}</div>
              <div className="flex items-center gap-2">
                {counter}
                {sendOrStop}
              </div>
            </div>
          </>
        )}
      </div>
    </form>
  );
}
