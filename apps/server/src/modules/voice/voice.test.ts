import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEECH_TEXT_MAX, transcribeReply, VOICE_AUDIO_MAX_BYTES, websiteInfoReply } from '@app/shared';
import { FAKE_MP3, startFakeAudio, type FakeAudio } from '../../testing/fake-audio.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2048, 7)]);
const WAV = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(512)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

let fake: FakeAudio;
let t: TestApp;
let plain: TestApp;
let base: string;
let alice: string;

beforeAll(async () => {
  fake = await startFakeAudio();
  t = await createTestApp({ env: { AUDIO_BASE_URL: fake.baseUrl, AUDIO_API_KEY: 'sk-audio-secret', AUDIO_TTS_VOICE: 'nova' } });
  base = await t.listen();
  alice = await t.loginByPhone('13700000021');
  plain = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
  await plain.close();
  await fake.close();
});

async function upload(app: TestApp, clips: Buffer[], token: string | null = alice, field = 'file') {
  const url = app === t ? base : await app.listen();
  const form = new FormData();
  clips.forEach((c, i) => form.append(field, new Blob([new Uint8Array(c)]), `clip${i}.webm`));
  const res = await fetch(`${url}/api/voice/transcribe`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data: unknown } };
}

describe('voice (dictation and read-aloud through an OpenAI-compatible audio service)', () => {
  it('says what the server can do: both with a service configured, neither without', async () => {
    expect(websiteInfoReply.parse((await t.call('GET', '/api/website/info')).body.data).voice).toEqual({ transcribe: true, speech: true });
    expect(websiteInfoReply.parse((await plain.call('GET', '/api/website/info')).body.data).voice).toEqual({ transcribe: false, speech: false });
    const sttOff = await createTestApp({ env: { AUDIO_BASE_URL: fake.baseUrl, AUDIO_API_KEY: 'k', AUDIO_STT_MODEL: 'off' } });
    expect((await sttOff.call('GET', '/api/website/info')).body.data.voice).toEqual({ transcribe: false, speech: true });
    await sttOff.close();
  });

  it('transcribes a recorded clip: the real multipart protocol upstream, the text trimmed', async () => {
    fake.calls.length = 0;
    const r = await upload(t, [WEBM]);
    expect(r.status).toBe(200);
    expect(transcribeReply.parse(r.body.data)).toEqual({ text: '你好，这是一段语音（whisper-1）' });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      path: '/v1/audio/transcriptions',
      authorization: 'Bearer sk-audio-secret',
      fields: { model: 'whisper-1', response_format: 'json', file: { name: 'clip.webm', type: 'audio/webm', size: WEBM.length, head: '1a45dfa3' } },
    });
    // A WAV is named for what its bytes are, whatever the browser called it.
    await upload(t, [WAV]);
    expect(fake.calls[1]!.fields.file).toMatchObject({ name: 'clip.wav', type: 'audio/wav' });
  });

  it('refuses bad clips with a clear message before calling the service', async () => {
    fake.calls.length = 0;
    expect((await upload(t, [])).body).toMatchObject({ code: 400, message: '请先录一段语音' });
    expect((await upload(t, [PNG])).body).toMatchObject({ code: 400, message: '仅支持 webm、ogg、mp4、wav、mp3 格式的录音' });
    expect((await upload(t, [WEBM, WEBM])).body).toMatchObject({ code: 400, message: '一次只能上传一段录音' });
    const long = Buffer.concat([WEBM, Buffer.alloc(VOICE_AUDIO_MAX_BYTES)]);
    expect((await upload(t, [long])).body).toMatchObject({ code: 400, message: '录音太长了，请分段输入' });
    const json = await t.call('POST', '/api/voice/transcribe', { token: alice, body: { file: 'x' } });
    expect(json.body.code).toBe(400);
    expect(fake.calls).toHaveLength(0);
  });

  it('needs a signed-in user; without a service it says the feature is off', async () => {
    expect((await upload(t, [WEBM], null)).status).toBe(401);
    expect((await upload(t, [WEBM], 'not-a-token')).body.code).toBe(403000);
    expect((await t.call('POST', '/api/voice/speech', { body: { text: '你好' } })).status).toBe(401);
    const bob = await plain.loginByPhone('13700000022');
    expect((await upload(plain, [WEBM], bob)).body).toMatchObject({ code: 503001, message: '语音转文字未开启' });
    expect((await plain.call('POST', '/api/voice/speech', { token: bob, body: { text: '你好' } })).body).toMatchObject({ code: 503001, message: '朗读未开启' });
  });

  it('reads a text aloud: JSON upstream with the configured voice, MP3 bytes back, never cached', async () => {
    fake.calls.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/voice/speech', headers: { authorization: `Bearer ${alice}` }, payload: { text: '  春眠不觉晓  ' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(FAKE_MP3)).toBe(true);
    expect(fake.calls[0]).toMatchObject({ path: '/v1/audio/speech', fields: { model: 'tts-1', input: '春眠不觉晓', voice: 'nova', response_format: 'mp3' } });
  });

  it('refuses empty, over-long and unsafe text to read', async () => {
    const say = async (text: unknown) => (await t.call('POST', '/api/voice/speech', { token: alice, body: { text } })).body;
    expect(await say('   ')).toMatchObject({ code: 400, message: '没有可朗读的内容' });
    expect((await say('字'.repeat(SPEECH_TEXT_MAX + 1))).code).toBe(400);
    expect((await say('a\u0000b')).code).toBe(400);
    expect((await say(42)).code).toBe(400);
  });

  it('maps the service failures to clear messages and never echoes the key', async () => {
    fake.failWith = { status: 401, message: 'Incorrect API key provided: sk-audio-secret', code: 'invalid_api_key' };
    let r = await upload(t, [WEBM]);
    expect(r.body).toMatchObject({ code: 503001, message: '语音服务暂不可用，请联系管理员' });
    expect(JSON.stringify(r.body)).not.toContain('sk-audio');
    fake.failWith = { status: 429, message: 'Rate limit reached', type: 'requests' };
    r = await upload(t, [WEBM]);
    expect(r.body.message).toBe('语音服务繁忙，请稍后再试');
    fake.failWith = { status: 400, message: 'Audio file is too short.' };
    r = await upload(t, [WEBM]);
    expect(r.body).toMatchObject({ code: 400, message: '这段录音无法识别，请重新录制' });
    fake.failWith = { status: 500, message: 'boom', type: 'server_error' };
    const s = await t.call('POST', '/api/voice/speech', { token: alice, body: { text: '你好' } });
    expect(s.status).toBeLessThan(500);
    expect(s.body.message).toBe('语音服务出错，请稍后再试');
    fake.failWith = null;
  });
});
