/**
 * Test-only local stand-ins for the payment gateways. They check OUR requests the way each real
 * gateway does and sign their answers and notifications the way it does. They deliberately share no
 * code with the adapters: each protocol is written out again here from the gateway's documentation,
 * so a mistake in an adapter cannot be mirrored by its fake.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export class FakeHttpServer {
  base = '';
  private server?: Server;

  constructor(private readonly handle: (req: FakeRequest) => FakeReply | Promise<FakeReply>) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const request: FakeRequest = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', this.base), headers: req.headers, body: Buffer.concat(chunks) };
        Promise.resolve()
          .then(() => this.handle(request))
          .then(
            (reply) => {
              res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers });
              res.end(reply.body);
            },
            (err: unknown) => {
              res.writeHead(500, { 'content-type': 'text/plain' });
              res.end(String(err));
            },
          );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server!.close(resolve));
  }
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): FakeReply => ({
  status,
  headers,
  body: JSON.stringify(body),
});

/** The parameters of an application/x-www-form-urlencoded body or a query; a repeated key is an error. */
export function formParams(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    if (k in out) throw new Error(`repeated parameter ${k}`);
    out[k] = v;
  }
  return out;
}
