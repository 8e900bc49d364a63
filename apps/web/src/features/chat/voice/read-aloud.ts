import { SPEECH_TEXT_MAX } from '@app/shared/constants';
import { apiUrl } from '../../../lib/api-base.ts';
import { commonHeaders, handleReplyCode, toastError } from '../../../lib/http.ts';
import type { VoiceWay } from './support.ts';

/** What a reply says, without its markdown: code blocks, images and link targets are not read. */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\$\$[\s\S]*?\$\$/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SPEECH_TEXT_MAX);
}

export interface Playback {
  stop(): void;
}

let current: Playback | null = null;

/** Reads a text aloud (one at a time in the page: a new one stops the last); `onEnd` when it finishes or is stopped. */
export async function readAloud(way: Exclude<VoiceWay, null>, text: string, lang: string, onEnd: () => void): Promise<Playback> {
  current?.stop();
  let playback: Playback | null = null;
  const ended = () => {
    if (current === playback) current = null;
    onEnd();
  };
  playback = way === 'server' ? await playFromServer(text, ended) : speakInBrowser(text, lang, ended);
  current = playback;
  return playback;
}

function speakInBrowser(text: string, lang: string, onEnd: () => void): Playback {
  speechSynthesis.cancel();
  const u = new SpeechSynthesisUtterance(text);
  u.lang = lang;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  u.onend = end;
  u.onerror = end;
  speechSynthesis.speak(u);
  return {
    stop() {
      speechSynthesis.cancel();
      end();
    },
  };
}

async function playFromServer(text: string, onEnd: () => void): Promise<Playback> {
  let res: Response;
  try {
    res = await fetch(apiUrl('/api/voice/speech'), { method: 'POST', headers: commonHeaders(), body: JSON.stringify({ text }) });
  } catch {
    toastError('网络异常，请检查网络后重试');
    onEnd();
    return { stop() {} };
  }
  if (!(res.headers.get('content-type') ?? '').startsWith('audio/')) {
    const reply = await res.json().catch(() => null);
    if (reply) handleReplyCode(reply, '/api/voice/speech', false);
    else toastError('服务异常，请稍后再试');
    onEnd();
    return { stop() {} };
  }
  const url = URL.createObjectURL(await res.blob());
  const audio = new Audio(url);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    audio.pause();
    URL.revokeObjectURL(url);
    onEnd();
  };
  audio.onended = end;
  audio.onerror = end;
  void audio.play().catch(end);
  return { stop: end };
}
