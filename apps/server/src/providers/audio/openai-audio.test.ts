import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentWav, startFakeAudio, wavSeconds, type FakeAudio } from '../../testing/fake-audio.ts';
import { LlmError } from '../llm/types.ts';
import { sniffAudio } from './audio-type.ts';
import { OpenAiAudio } from './openai-audio.ts';

let fake: FakeAudio;
beforeAll(async () => {
  fake = await startFakeAudio();
});
afterAll(() => fake.close());

const audio = (sttModel: string) => new OpenAiAudio({ baseUrl: fake.baseUrl, apiKey: 'sk-audio', sttModel, ttsModel: null, voice: 'alloy' });
const clip = silentWav(31);
const wav = sniffAudio(clip)!;

describe('transcription with a diarizing model (gpt-4o-transcribe-diarize)', () => {
  it('the fake answers as the API does: a clip over 30 s without chunking_strategy is refused', async () => {
    expect(wavSeconds(clip)).toBeCloseTo(31);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(clip)], { type: 'audio/wav' }), 'clip.wav');
    form.append('model', 'gpt-4o-transcribe-diarize');
    const res = await fetch(`${fake.baseUrl}/audio/transcriptions`, { method: 'POST', headers: { Authorization: 'Bearer sk' }, body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { message: 'chunking_strategy is required for diarization models', type: 'invalid_request_error', param: 'chunking_strategy', code: 'invalid_value' } });
  });

  it('a 31 s clip is sent with chunking_strategy=auto and transcribed', async () => {
    expect(await audio('gpt-4o-transcribe-diarize').transcribe(clip, wav)).toBe('你好，这是一段语音（gpt-4o-transcribe-diarize）');
    expect(fake.calls.at(-1)!.fields).toMatchObject({ model: 'gpt-4o-transcribe-diarize', response_format: 'json', chunking_strategy: 'auto' });
  });

  it('so is a short clip (a recording carries no length to go by), and a gateway-prefixed name', async () => {
    await audio('openai/gpt-4o-transcribe-diarize').transcribe(silentWav(3), wav);
    expect(fake.calls.at(-1)!.fields).toMatchObject({ model: 'openai/gpt-4o-transcribe-diarize', chunking_strategy: 'auto' });
  });

  it('other models are sent no chunking_strategy', async () => {
    for (const model of ['whisper-1', 'gpt-4o-transcribe', 'gpt-4o-mini-transcribe']) {
      await audio(model).transcribe(clip, wav);
      expect(fake.calls.at(-1)!.fields.model).toBe(model);
      expect(fake.calls.at(-1)!.fields).not.toHaveProperty('chunking_strategy');
    }
  });

  it('a refusal of the upstream is a bad_request LlmError', async () => {
    fake.failWith = { status: 400, code: 'invalid_value', message: 'chunking_strategy is required for diarization models' };
    try {
      const e = await audio('gpt-4o-transcribe-diarize')
        .transcribe(clip, wav)
        .catch((err: unknown) => err);
      expect(e).toBeInstanceOf(LlmError);
      expect((e as LlmError).kind).toBe('bad_request');
    } finally {
      fake.failWith = null;
    }
  });
});
