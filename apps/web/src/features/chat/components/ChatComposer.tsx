import { useEffect, useRef } from 'react';
import { Globe, ImagePlus, Languages } from 'lucide-react';
import { useNavigate } from '../../../lib/router/index.tsx';
import { clsx } from 'clsx';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { stopReply } from '../controller/run.ts';
import { sendMessage } from '../controller/turns.ts';
import { useImageUpload } from '../hooks/useImageUpload.ts';
import { useToolList } from '../hooks/useToolList.ts';
import { capText, inputCap, textLength } from '../logic/input-cap.ts';
import { IMAGE_ACCEPT } from '../logic/images.ts';
import { Composer } from '../../../components/Composer.tsx';
import { useChat } from '../stores/chat-store.ts';
import { useDraft } from '../stores/draft-store.ts';
import { useCurrentFeature } from '../stores/model-store.ts';
import { useSearchFor, useWebSearch } from '../stores/search-store.ts';
import { useChatUi } from '../stores/ui-store.ts';
import { ImageStrip } from './ImageStrip.tsx';
import { ToolMenu } from './ToolMenu.tsx';
import { VoiceButton } from './VoiceButton.tsx';
import { opensPromptStore, PromptStoreButton, usePromptPicker } from '../../../components/prompts/PromptStoreButton.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Dictated words go after what is typed, with a space between Latin words. */
const appendDictated = (typed: string, said: string) => (!typed ? said : /[\s]$/.test(typed) || /[^\p{ASCII}]$/u.test(typed) ? typed + said : `${typed} ${said}`);

/** The chat's input box: the shared composer with the image button of vision models, the image strip and the length counter. */
export function ChatComposer({ mobile, onSent }: { mobile: boolean; onSent(): void }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const text = useDraft((s) => s.text);
  const images = useDraft((s) => s.images);
  const setText = useDraft((s) => s.setText);
  const generating = useChat((s) => s.generating);
  const token = useSession((s) => s.token);
  const robotName = useSession((s) => s.globalConfig?.siteRobotName) || t('robot');
  const feature = useCurrentFeature();
  const cap = inputCap(feature);
  const upload = useImageUpload(feature?.code ?? '');
  const fileRef = useRef<HTMLInputElement>(null);
  const search = useSearchFor(feature?.code);
  const searchOn = useWebSearch((s) => s.on);
  const hasTools = useToolList(feature?.code).list.length > 0;
  // On a phone the buttons share the one row with the text: with four or more, the long placeholder would wrap and be cut.
  const crowded = mobile && 3 + (feature?.vision ? 1 : 0) + (search ? 1 : 0) + (hasTools ? 1 : 0) >= 4;

  const applyCap = (value: string) => {
    // SPEC §3 prompt store: a `/` typed at the start opens it.
    if (opensPromptStore(useDraft.getState().text, value)) usePromptPicker.getState().setOpen(true);
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

  // The translation screen, with what was typed (SPEC §1: reachable from the chat input).
  const translateButton = (
    <button
      type="button"
      onClick={() => navigate('/translate', { state: { text } })}
      aria-label={t('openTranslate')}
      title={t('openTranslate')}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-neutral-500 transition-colors hover:bg-neutral-100 hover:text-neutral-800 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
    >
      <Languages className="size-5" aria-hidden />
    </button>
  );

  // 联网搜索: only when a search service is configured and this model may search; remembered on this device.
  const searchHint = search ? (search.cost > 0 ? t('webSearchCost', { n: search.cost }) : t('webSearchFree')) : '';
  const searchButton = search && (
    <button
      type="button"
      onClick={() => useWebSearch.getState().setOn(!searchOn)}
      disabled={generating}
      aria-pressed={searchOn}
      title={searchHint}
      data-testid="web-search-toggle"
      className={clsx(
        'inline-flex h-9 shrink-0 items-center gap-1 rounded-full text-sm transition-colors disabled:opacity-40',
        // On a phone the globe alone (the box needs the width); its pressed colour says it is on.
        mobile ? 'w-9 justify-center' : 'px-2.5',
        searchOn
          ? 'bg-blue-50 text-blue-700 ring-1 ring-blue-200 hover:bg-blue-100 dark:bg-blue-500/15 dark:text-blue-200 dark:ring-blue-500/30'
          : 'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-800 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100',
      )}
    >
      <Globe className="size-4" aria-hidden />
      <span className={mobile ? 'sr-only' : undefined}>{t('webSearch')}</span>
      <span className="sr-only">{searchHint}</span>
    </button>
  );

  const counter = showCount && (
    <span className={clsx('shrink-0 text-xs tabular-nums', length >= cap ? 'text-red-500' : 'text-neutral-400')} aria-live="polite">
      {length}/{cap}
    </span>
  );

  return (
    <Composer
      mobile={mobile}
      value={text}
      onChange={applyCap}
      onSubmit={() => void submit()}
      onStop={() => void stopReply()}
      generating={generating}
      sendDisabled={blank}
      label={t('input')}
      placeholder={crowded ? t('placeholderShort') : t('placeholder', { name: robotName })}
      header={<ImageStrip />}
      tools={
        <>
          {imageButton}
          <VoiceButton onText={(said) => applyCap(appendDictated(useDraft.getState().text, said))} disabled={generating} />
          <PromptStoreButton onPick={applyCap} disabled={generating} />
          {translateButton}
          {searchButton}
          <ToolMenu model={feature?.code} mobile={mobile} disabled={generating} />
        </>
      }
      aside={counter || undefined}
    />
  );
}
