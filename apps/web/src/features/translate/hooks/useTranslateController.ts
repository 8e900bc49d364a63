import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from '../../../lib/router/index.tsx';
import type { TranslateCreateReply, TranslateItem, TranslateStreamEvent } from '@app/shared';
import { detectLanguage, TRANSLATE_AUTO } from '@app/shared/translate-languages';
import { copyText } from '../../../lib/clipboard.ts';
import { useSession } from '../../../lib/session.ts';
import { readRecord } from '../../../lib/stream-run/record.ts';
import { abortRun, currentRun, resumeRun, startRun, type RunOutcome } from '../../../lib/stream-run/run.ts';
import { toast } from '../../../lib/toast.ts';
import { createTranslation, deleteTranslation, fetchTranslations, stopTranslation, TRANSLATE_STREAM_URL } from '../api.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export const TRANSLATE_RUN = 'translate';
/** SPEC §5: the input cap when a model sets none. */
export const DEFAULT_INPUT_LIMIT = 300;

interface ResumeContext {
  text: string;
  from: string;
  to: string;
}

/** The state and actions of /translate: the texts and languages, the streamed run (resumed after a reload), the history. */
export function useTranslateController() {
  const { t } = useTranslation('translate');
  const token = useSession((s) => s.token);
  const features = useSession((s) => s.website?.features);
  const client = useQueryClient();
  const location = useLocation();
  // From the chat input: what was typed there.
  const [text, setText] = useState(() => {
    const given = (location.state as { text?: unknown } | null)?.text;
    return typeof given === 'string' ? given : '';
  });
  const [from, setFrom] = useState(TRANSLATE_AUTO);
  const [to, setTo] = useState('en');
  const [model, setModel] = useState('');
  const [result, setResult] = useState('');
  const [running, setRunning] = useState(false);
  const [resultStatus, setResultStatus] = useState<TranslateItem['status'] | null>(null);
  const [copied, setCopied] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const list = useQuery({ queryKey: ['translate', 'histories', token], queryFn: fetchTranslations, enabled: !!token });
  const feature = features?.find((f) => f.code === model) ?? features?.[0];
  const limit = feature?.input_ext || DEFAULT_INPUT_LIMIT;
  const length = Array.from(text).length;
  const detected = useMemo(() => (from === TRANSLATE_AUTO && text.trim() ? detectLanguage(text) : null), [from, text]);

  const settle = useCallback(
    (o: RunOutcome<TranslateStreamEvent>) => {
      setRunning(false);
      if (o.kind === 'done') {
        setResult(o.text);
        setResultStatus(o.event.status);
        if (o.event.status === 'stopped') toast.success(t('stopped'));
        if (o.event.charged > 0) useSession.getState().loadUser().catch(() => {});
      } else if (o.kind === 'error' || o.kind === 'cut' || o.kind === 'stopped') {
        setResultStatus(o.kind === 'stopped' ? 'stopped' : 'error');
        if (o.kind === 'cut') toast.error(t('streamCut'));
      } else if (o.kind === 'refused' || o.kind === 'cancelled') setResultStatus(null);
      void client.invalidateQueries({ queryKey: ['translate', 'histories'] });
    },
    [client, t],
  );

  useEffect(() => {
    const record = readRecord<ResumeContext>(TRANSLATE_RUN);
    if (!record || currentRun(TRANSLATE_RUN) || !useSession.getState().token) return;
    setText(record.context.text);
    setFrom(record.context.from);
    setTo(record.context.to);
    setRunning(true);
    setResultStatus('running');
    const run = resumeRun<TranslateStreamEvent>({ kind: TRANSLATE_RUN, stop: stopTranslation, toastErrors: true, onText: setResult }, record);
    void run.settled.then((o) => (o.kind === 'gone' ? (setRunning(false), setResultStatus(null), void client.invalidateQueries({ queryKey: ['translate'] })) : settle(o)));
  }, [client, settle]);

  useEffect(() => () => abortRun(TRANSLATE_RUN), []);

  const submit = () => {
    const source = text.trim();
    if (!source || currentRun(TRANSLATE_RUN)) return;
    if (!useSession.getState().token) {
      useSession.getState().openLogin();
      return;
    }
    if (length > limit) {
      toast.error(t('tooLong', { max: limit }));
      return;
    }
    if ((from === TRANSLATE_AUTO ? detected : from) === to) {
      toast.error(t('sameLanguage'));
      return;
    }
    setResult('');
    setRunning(true);
    setResultStatus('running');
    const body = { text: source, from, to, ...(feature ? { model: feature.code } : {}) };
    const run = startRun<TranslateStreamEvent, TranslateCreateReply>({
      kind: TRANSLATE_RUN,
      prepare: () => createTranslation(body),
      stream: (p) => ({ url: TRANSLATE_STREAM_URL, method: 'POST', body: { secret: p.secret } }),
      stop: stopTranslation,
      toastErrors: true,
      context: (p): ResumeContext => ({ text: source, from: p.from, to: p.to }),
      onText: setResult,
    });
    void run.settled.then(settle);
  };

  const stop = () => void currentRun(TRANSLATE_RUN)?.stop();

  const swap = () => {
    const source = from === TRANSLATE_AUTO ? detected : from;
    if (!source || running) return;
    setFrom(to);
    setTo(source);
    if (result.trim()) {
      setText(result);
      setResult(text);
    }
  };

  const copy = async () => {
    if (!(await copyText(result))) return toast.error(t('copyFailed'));
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };

  const show = (item: TranslateItem) => {
    if (running) return;
    setDrawerOpen(false);
    setText(item.source);
    setFrom(item.from);
    setTo(item.to);
    setResult(item.result);
    setResultStatus(item.status);
  };

  const remove = async (item: TranslateItem) => {
    await deleteTranslation(item.id);
    toast.success(t('deleted'));
    void client.invalidateQueries({ queryKey: ['translate', 'histories'] });
  };

  const startNew = () => {
    if (running) return;
    setText('');
    setResult('');
    setResultStatus(null);
    setDrawerOpen(false);
  };

  return {
    guest: !token,
    features,
    feature,
    setModel,
    text,
    setText,
    from,
    setFrom,
    to,
    setTo,
    detected,
    length,
    limit,
    result,
    resultStatus,
    running,
    copied,
    drawerOpen,
    setDrawerOpen,
    history: { items: list.data?.list ?? [], loading: list.isLoading },
    submit,
    stop,
    swap,
    copy,
    show,
    remove,
    startNew,
  };
}

export type TranslateController = ReturnType<typeof useTranslateController>;
