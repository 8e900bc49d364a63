import { Code } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest } from '../../core/errors.ts';
import type { KvStore } from '../../core/kv.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { sniffAudio } from '../../providers/audio/audio-type.ts';
import type { OpenAiAudio } from '../../providers/audio/openai-audio.ts';
import { LlmError } from '../../providers/llm/types.ts';

/** Per user and hour: dictation clips and read-aloud requests (each one costs the operator an upstream call). */
export const TRANSCRIBES_PER_HOUR = 120;
export const SPEECHES_PER_HOUR = 240;

const off = (what: string) => new AppError(Code.CHAT_UNAVAILABLE, `${what}未开启`);

/** What the user is told when the audio service fails; the details go to the log. */
function failure(e: unknown, log: FastifyBaseLogger): AppError {
  if (!(e instanceof LlmError)) throw e;
  log.warn({ kind: e.kind, status: e.status, detail: e.message }, 'audio service failed');
  switch (e.kind) {
    case 'auth':
    case 'quota':
    case 'refused':
      return new AppError(Code.CHAT_UNAVAILABLE, '语音服务暂不可用，请联系管理员');
    case 'rate_limit':
      return new AppError(Code.CHAT_RATE_LIMITED, '语音服务繁忙，请稍后再试');
    case 'timeout':
      return new AppError(Code.CHAT_TIMEOUT, '语音服务响应超时，请稍后再试');
    case 'bad_request':
      return badRequest('这段录音无法识别，请重新录制');
    default:
      return new AppError(Code.CHAT_UPSTREAM, '语音服务出错，请稍后再试');
  }
}

/** Dictation and read-aloud through the operator's audio service; the browser's own speech features stand in without one. */
export class VoiceService {
  constructor(
    private readonly audio: OpenAiAudio | null,
    private readonly kv: KvStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  async transcribe(userId: number, clip: Buffer): Promise<{ text: string }> {
    if (!this.audio?.canTranscribe) throw off('语音转文字');
    if (!clip.length) throw badRequest('请先录一段语音');
    const type = sniffAudio(clip);
    if (!type) throw badRequest('仅支持 webm、ogg、mp4、wav、mp3 格式的录音');
    await limitOrThrow(this.kv, `voice-stt:${userId}`, TRANSCRIBES_PER_HOUR, 3600, '语音输入过于频繁，请稍后再试');
    try {
      return { text: await this.audio.transcribe(clip, type) };
    } catch (e) {
      throw failure(e, this.log);
    }
  }

  async speech(userId: number, text: string): Promise<Buffer> {
    if (!this.audio?.canSpeak) throw off('朗读');
    await limitOrThrow(this.kv, `voice-tts:${userId}`, SPEECHES_PER_HOUR, 3600, '朗读过于频繁，请稍后再试');
    try {
      return await this.audio.speech(text);
    } catch (e) {
      throw failure(e, this.log);
    }
  }
}
