import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './a11y-locales.ts';

export interface AnnouncedReply {
  key: string;
  text: string;
  loading: boolean;
  error: boolean;
  errorText?: string | null;
  status?: string;
}

/** The reply as a screen reader should hear it: Markdown marks dropped, at most `max` characters. */
export function spokenText(markdown: string, max = 600) {
  const plain = markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}

/**
 * A polite live region that speaks an assistant reply once, when it has finished streaming (never
 * chunk by chunk: the message list itself is not live). A reply already finished when the screen
 * opens (history) is not announced.
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
    const text = spokenText(reply.text || reply.errorText || '');
    setMessage(t(reply.error ? 'replyFailed' : reply.status === 'stopped' ? 'replyStopped' : 'replyDone', { text }));
    // Runs when a reply starts or stops streaming, not on each chunk of its text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, loading]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="reply-announcer">
      {message}
    </div>
  );
}
