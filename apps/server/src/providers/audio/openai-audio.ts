/**
 * OpenAI-compatible audio: POST {base}/audio/transcriptions (multipart: file, model,
 * response_format=json → { text }) and POST {base}/audio/speech (JSON { model, input, voice,
 * response_format: 'mp3' } → the audio bytes). Failures are LlmError, classified as for chat.
 */

/**
 * A diarizing transcription model (gpt-4o-transcribe-diarize, also behind a gateway's prefix) refuses
 * a clip over 30 s without `chunking_strategy` (400 "chunking_strategy is required for diarization
 * models"). The length of a browser's recording is not in its file (MediaRecorder's WebM carries no
 * duration), and "auto" is accepted on a short clip too, so every clip to such a model asks for it.
 */
export const needsChunkingStrategy = (model: string) => /diarize/i.test(model);
import { errorFromAnswer } from '../llm/classify.ts';
import { LlmError } from '../llm/types.ts';
import type { AudioType } from './audio-type.ts';

export interface OpenAiAudioOptions {
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  apiKey: string;
  /** null: this side is off. */
  sttModel: string | null;
  ttsModel: string | null;
  voice: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class OpenAiAudio {
  private readonly doFetch: typeof fetch;

  constructor(private readonly o: OpenAiAudioOptions) {
    this.doFetch = o.fetch ?? fetch;
  }

  get canTranscribe() {
    return this.o.sttModel !== null;
  }
  get canSpeak() {
    return this.o.ttsModel !== null;
  }

  async transcribe(clip: Buffer, type: AudioType, signal?: AbortSignal): Promise<string> {
    if (!this.o.sttModel) throw new LlmError('refused', 'transcription is off');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(clip)], { type: type.mime }), `clip.${type.ext}`);
    form.append('model', this.o.sttModel);
    form.append('response_format', 'json');
    if (needsChunkingStrategy(this.o.sttModel)) form.append('chunking_strategy', 'auto');
    const res = await this.send('/audio/transcriptions', { body: form }, signal);
    const body = (await res.json().catch(() => null)) as { text?: unknown } | null;
    if (!body || typeof body.text !== 'string') throw new LlmError('upstream', 'transcription answer without text');
    return body.text.trim();
  }

  async speech(text: string, signal?: AbortSignal): Promise<Buffer> {
    if (!this.o.ttsModel) throw new LlmError('refused', 'speech is off');
    const res = await this.send(
      '/audio/speech',
      { body: JSON.stringify({ model: this.o.ttsModel, input: text, voice: this.o.voice, response_format: 'mp3' }), json: true },
      signal,
    );
    const audio = Buffer.from(await res.arrayBuffer());
    if (!audio.length) throw new LlmError('upstream', 'empty speech answer');
    return audio;
  }

  private async send(path: string, req: { body: FormData | string; json?: boolean }, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(this.o.timeoutMs ?? 60_000);
    let res: Response;
    try {
      res = await this.doFetch(`${this.o.baseUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.o.apiKey}`, ...(req.json ? { 'Content-Type': 'application/json' } : {}) },
        body: req.body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (e) {
      if (signal?.aborted) throw new LlmError('aborted', 'aborted');
      if (timeout.aborted) throw new LlmError('timeout', `${path} timed out`);
      throw new LlmError('upstream', `${path}: ${(e as Error).message}`);
    }
    if (!res.ok) throw errorFromAnswer(res.status, await res.text().catch(() => ''));
    return res;
  }
}

type AudioEnv = Parameters<typeof audioFromEnv>[0];

/** What website info tells the page: which voice features the server's audio service provides. */
export function voiceAbilities(env: AudioEnv) {
  const audio = audioFromEnv(env);
  return { transcribe: !!audio?.canTranscribe, speech: !!audio?.canSpeak };
}

/** The audio service the environment configures, or null (the browser's own speech features then). */
export function audioFromEnv(env: {
  AUDIO_BASE_URL?: string;
  AUDIO_API_KEY?: string;
  AUDIO_STT_MODEL?: string;
  AUDIO_TTS_MODEL?: string;
  AUDIO_TTS_VOICE?: string;
}): OpenAiAudio | null {
  if (!env.AUDIO_BASE_URL || !env.AUDIO_API_KEY) return null;
  const model = (v: string | undefined, fallback: string) => (v === 'off' ? null : v || fallback);
  return new OpenAiAudio({
    baseUrl: env.AUDIO_BASE_URL,
    apiKey: env.AUDIO_API_KEY,
    sttModel: model(env.AUDIO_STT_MODEL, 'whisper-1'),
    ttsModel: model(env.AUDIO_TTS_MODEL, 'tts-1'),
    voice: env.AUDIO_TTS_VOICE || 'alloy',
  });
}
