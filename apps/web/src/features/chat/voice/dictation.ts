import { VOICE_MAX_SECONDS } from '@app/shared/constants';
import { call } from '../../../lib/http.ts';
import { browserRecognition, type VoiceWay } from './support.ts';

export type DictationFailure = 'denied' | 'unavailable' | 'empty' | 'failed';

export interface DictationEvents {
  /** Recognised text to add to the input. */
  onText(text: string): void;
  /** Recording ended; the server way then transcribes (`busy` until its text arrives). */
  onBusy(busy: boolean): void;
  onEnd(failure?: DictationFailure): void;
}

export interface Dictation {
  /** Ends listening; what was said is still turned into text. */
  stop(): void;
  /** Ends listening and drops what was said. */
  cancel(): void;
}

const RECORDER_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];

/** Records from the microphone (at most VOICE_MAX_SECONDS) and has the server transcribe the clip. */
async function recordAndTranscribe(ev: DictationEvents): Promise<Dictation> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (e) {
    ev.onEnd((e as DOMException).name === 'NotAllowedError' ? 'denied' : 'unavailable');
    return { stop() {}, cancel() {} };
  }
  const mimeType = RECORDER_TYPES.find((t) => MediaRecorder.isTypeSupported?.(t));
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  let dropped = false;
  recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
  const limit = setTimeout(() => recorder.state === 'recording' && recorder.stop(), VOICE_MAX_SECONDS * 1000);
  recorder.onstop = () => {
    clearTimeout(limit);
    stream.getTracks().forEach((t) => t.stop());
    if (dropped) return ev.onEnd();
    const clip = new Blob(chunks, { type: recorder.mimeType || 'audio/webm' });
    if (!clip.size) return ev.onEnd('empty');
    const form = new FormData();
    form.append('file', clip, 'clip');
    ev.onBusy(true);
    call<{ text: string }>('POST', '/api/voice/transcribe', form).then(
      ({ text }) => {
        ev.onBusy(false);
        if (text) ev.onText(text);
        ev.onEnd(text ? undefined : 'empty');
      },
      // The server's message was shown by the client already.
      () => {
        ev.onBusy(false);
        ev.onEnd();
      },
    );
  };
  recorder.start();
  return {
    stop: () => recorder.state === 'recording' && recorder.stop(),
    cancel: () => {
      dropped = true;
      if (recorder.state === 'recording') recorder.stop();
    },
  };
}

/** The browser's own recognition, final results only, in the page's language. */
function recognise(lang: string, ev: DictationEvents): Dictation {
  const Recognition = browserRecognition()!;
  const rec = new Recognition();
  rec.lang = lang;
  rec.continuous = true;
  rec.interimResults = false;
  let failure: DictationFailure | undefined;
  let heard = false;
  rec.onresult = (e) => {
    for (let i = e.resultIndex; i < e.results.length; i++) {
      const r = e.results[i]!;
      if (r.isFinal && r[0].transcript.trim()) {
        heard = true;
        ev.onText(r[0].transcript.trim());
      }
    }
  };
  rec.onerror = (e) => {
    failure = e.error === 'not-allowed' || e.error === 'service-not-allowed' ? 'denied' : e.error === 'no-speech' || e.error === 'aborted' ? 'empty' : 'unavailable';
  };
  rec.onend = () => ev.onEnd(failure ?? (heard ? undefined : 'empty'));
  rec.start();
  return { stop: () => rec.stop(), cancel: () => rec.abort() };
}

export function startDictation(way: Exclude<VoiceWay, null>, lang: string, ev: DictationEvents): Promise<Dictation> {
  return way === 'server' ? recordAndTranscribe(ev) : Promise.resolve(recognise(lang, ev));
}
