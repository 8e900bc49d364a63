import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AudioCall {
  path: string;
  authorization: string;
  /** Transcriptions: the multipart fields (the file as `{ name, type, size, head }`); speech: the JSON body. */
  fields: Record<string, unknown>;
}

export interface FakeAudio {
  /** e.g. http://127.0.0.1:1234/v1 */
  baseUrl: string;
  calls: AudioCall[];
  /** The next answers fail with this HTTP status and OpenAI error body (until set back to null). */
  failWith: { status: number; type?: string; code?: string; message: string } | null;
  close(): Promise<void>;
}

function isServerVad(v: unknown): boolean {
  try {
    return (JSON.parse(String(v)) as { type?: unknown } | null)?.type === 'server_vad';
  } catch {
    return false;
  }
}

/** Fake MP3 bytes: an ID3 tag header then silence. */
export const FAKE_MP3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(256)]);

/** Seconds of a PCM WAV clip (RIFF header: byte rate at 28, then the `data` chunk's size), or null for anything else. */
export function wavSeconds(clip: Buffer): number | null {
  if (clip.length < 12 || clip.toString('latin1', 0, 4) !== 'RIFF' || clip.toString('latin1', 8, 12) !== 'WAVE') return null;
  let byteRate = 0;
  for (let at = 12; at + 8 <= clip.length; ) {
    const id = clip.toString('latin1', at, at + 4);
    const size = clip.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 20 <= clip.length) byteRate = clip.readUInt32LE(at + 16);
    if (id === 'data') return byteRate ? size / byteRate : null;
    at += 8 + size + (size % 2);
  }
  return null;
}

/** A silent 8 kHz, 8-bit mono WAV clip of `seconds`. */
export function silentWav(seconds: number): Buffer {
  const data = Math.round(seconds * 8000);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(8000, 28); // byte rate
  h.writeUInt16LE(1, 32);
  h.writeUInt16LE(8, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data, 40);
  return Buffer.concat([h, Buffer.alloc(data, 0x80)]);
}

/**
 * An OpenAI-compatible audio service: `POST /v1/audio/transcriptions` (multipart: file, model,
 * response_format) answers `{ text }`, `POST /v1/audio/speech` (JSON: model, input, voice,
 * response_format) answers audio/mpeg bytes; a missing bearer is a 401 in OpenAI's error shape.
 *
 * chunking_strategy follows the OpenAI API reference, "Create transcription" (developers.openai.com,
 * read 2026-11): "auto" or a server_vad object as JSON; a diarize model given a clip over 30 s
 * without it answers 400 "chunking_strategy is required for diarization models" (param
 * chunking_strategy, code invalid_value, as the API words it). This fake measures only WAV clips.
 */
export async function startFakeAudio(): Promise<FakeAudio> {
  const fake: FakeAudio = { baseUrl: '', calls: [], failWith: null, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const answer = (status: number, json: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        const auth = req.headers.authorization ?? '';
        if (!auth.startsWith('Bearer ')) return answer(401, { error: { message: 'You didn\'t provide an API key.', type: 'invalid_request_error', code: null } });
        if (fake.failWith) {
          const f = fake.failWith;
          return answer(f.status, { error: { message: f.message, type: f.type ?? 'invalid_request_error', code: f.code ?? null } });
        }
        if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
          const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body }).formData();
          const fields: Record<string, unknown> = {};
          for (const [k, v] of form.entries()) {
            if (typeof v === 'string') fields[k] = v;
            else fields[k] = { name: v.name, type: v.type, size: v.size, head: Buffer.from(await v.slice(0, 4).arrayBuffer()).toString('hex') };
          }
          fake.calls.push({ path: req.url, authorization: auth, fields });
          if (!fields.file || !fields.model) return answer(400, { error: { message: 'file and model are required', type: 'invalid_request_error' } });
          const chunking = fields.chunking_strategy;
          if (chunking !== undefined && chunking !== 'auto' && !isServerVad(chunking)) {
            return answer(400, { error: { message: `Invalid value for 'chunking_strategy'.`, type: 'invalid_request_error', param: 'chunking_strategy', code: 'invalid_value' } });
          }
          const file = form.get('file');
          const seconds = file instanceof Blob ? wavSeconds(Buffer.from(await file.arrayBuffer())) : null;
          if (String(fields.model).includes('diarize') && chunking === undefined && seconds !== null && seconds > 30) {
            return answer(400, { error: { message: 'chunking_strategy is required for diarization models', type: 'invalid_request_error', param: 'chunking_strategy', code: 'invalid_value' } });
          }
          return answer(200, { text: ` 你好，这是一段语音（${fields.model as string}） ` });
        }
        if (req.method === 'POST' && req.url === '/v1/audio/speech') {
          const fields = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
          fake.calls.push({ path: req.url, authorization: auth, fields });
          if (typeof fields.input !== 'string' || !fields.model || !fields.voice) return answer(400, { error: { message: 'input, model and voice are required', type: 'invalid_request_error' } });
          res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
          return res.end(FAKE_MP3);
        }
        answer(404, { error: { message: 'not found' } });
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}
