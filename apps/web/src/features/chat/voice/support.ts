/** Which way this browser can take dictation and read aloud, given what the server offers (website info `voice`). */
export type VoiceWay = 'server' | 'browser' | null;

interface SpeechWindow {
  SpeechRecognition?: unknown;
  webkitSpeechRecognition?: unknown;
}

export const browserRecognition = () => {
  const w = window as unknown as SpeechWindow;
  return (w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null) as (new () => BrowserRecognition) | null;
};

/** The part of the Web Speech API's SpeechRecognition used here. */
export interface BrowserRecognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((e: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

/** The server's transcription (a recorded clip uploaded) first: the browser's own recognition needs Google's servers in Chrome. */
export function dictationWay(serverTranscribes: boolean): VoiceWay {
  if (serverTranscribes && typeof MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia) return 'server';
  return browserRecognition() ? 'browser' : null;
}

export function readAloudWay(serverSpeaks: boolean): VoiceWay {
  if (serverSpeaks && typeof Audio !== 'undefined') return 'server';
  return typeof speechSynthesis !== 'undefined' && typeof SpeechSynthesisUtterance !== 'undefined' ? 'browser' : null;
}
