import { toast } from '../../../lib/toast.ts';
import { uploadImage } from '../api.ts';
import { checkImage, imageRoom, pickWithinLimit } from '../logic/images.ts';
import { newKey } from '../logic/messages.ts';
import { useChat } from '../stores/chat-store.ts';
import { useDraft } from '../stores/draft-store.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Picks, checks and uploads images for a vision model (SPEC §5: png/bmp/jpg, 5 per conversation). */
export function useImageUpload(feature: string) {
  const { t } = useTranslation('chat');
  return async (files: File[]) => {
    const { chatList, listOf, active } = useChat.getState();
    const draft = useDraft.getState();
    const room = imageRoom(listOf === active ? chatList : [], draft.images.length);
    const { accepted, overLimit } = pickWithinLimit(files, room);
    if (overLimit) toast.error(t('imageLimit'));
    for (const file of accepted) {
      const problem = checkImage(file);
      if (problem) {
        toast.error(t(problem === 'type' ? 'imageType' : 'imageSize'));
        continue;
      }
      const id = newKey();
      useDraft.getState().addImage({ id, name: file.name, preview: URL.createObjectURL(file), url: null, status: 'uploading' });
      uploadImage(file, feature).then(
        (r) => useDraft.getState().patchImage(id, { url: r.url, status: 'done' }),
        () => useDraft.getState().patchImage(id, { status: 'error' }),
      );
    }
  };
}
