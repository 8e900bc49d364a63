import { useEffect, useRef, useState } from 'react';
import './a11y-locales.ts';
import { useTranslation } from '../lib/i18n.ts';

export interface AnnouncedReply {
  key: string;
  loading: boolean;
  error: boolean;
  status?: string;
}

/**
 * A polite live region that says once that an assistant reply has finished streaming (never chunk
 * by chunk: the message list itself is not live); the reader then finds the reply just above the
 * input, with its actions. It does not repeat the reply's text, so the page holds each reply once.
 * A reply already finished when the screen opens (history) is not announced.
 */
export function ReplyAnnouncer({ reply }: { reply: AnnouncedReply | undefined }) {
  const { t } = useTranslation('a11y');
  const streaming = useRef<string | null>(null);
  const [message, setMessage] = useState('');
  const key = reply?.key;
  const loading = reply?.loading ?? false;

  useEffect(() => {
    if (!reply) return;
    if (reply.loading) {
      if (streaming.current !== reply.key) setMessage('');
      streaming.current = reply.key;
      return;
    }
    if (streaming.current !== reply.key) return;
    streaming.current = null;
    setMessage(t(reply.error ? 'replyFailed' : reply.status === 'stopped' ? 'replyStopped' : 'replyDone'));
    // Runs when a reply starts or stops streaming, not on each chunk of its text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, loading]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="reply-announcer">
      {message}
    </div>
  );
}
