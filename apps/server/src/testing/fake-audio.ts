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

/** Fake MP3 bytes: an ID3 tag header then silence. */
export const FAKE_MP3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(256)]);

/**
 * An OpenAI-compatible audio service: `POST /v1/audio/transcriptions` (multipart: file, model,
 * response_format) answers `{ text }`, `POST /v1/audio/speech` (JSON: model, input, voice,
 * response_format) answers audio/mpeg bytes; a missing bearer is a 401 in OpenAI's error shape.
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
