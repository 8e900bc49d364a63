import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One streamed answer of the fake: text pieces, then tool calls split into argument pieces. */
export interface FakeAnswer {
  text?: string[];
  /** Each call's arguments split in pieces; calls interleave by index as parallel calls do. */
  calls?: { id: string; name: string; args: string[] }[];
}

/**
 * An OpenAI-compatible upstream (tests only) that streams real `tool_calls` deltas: the name in a
 * call's first delta, its arguments in pieces, parallel calls interleaved by index, then
 * finish_reason `tool_calls`, usage and [DONE]. `answer` picks the reply from the request body.
 */
export async function startToolUpstream(answer: (body: any) => FakeAnswer): Promise<{ url: string; requests: any[]; close(): Promise<void> }> {
  const requests: any[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw);
      requests.push(body);
      const a = answer(body);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const send = (delta: unknown, finish: string | null = null) => res.write(`data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
      send({ role: 'assistant', content: '' });
      for (const t of a.text ?? []) send({ content: t });
      const calls = a.calls ?? [];
      calls.forEach((c, index) => send({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }));
      const longest = Math.max(0, ...calls.map((c) => c.args.length));
      for (let p = 0; p < longest; p++) {
        calls.forEach((c, index) => {
          if (c.args[p] !== undefined) send({ tool_calls: [{ index, function: { arguments: c.args[p] } }] });
        });
      }
      send({}, calls.length ? 'tool_calls' : 'stop');
      res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 5 } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
