import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface StreamTiming {
  ok: boolean;
  /** From sending the request to the first text. */
  ttft: number;
  /** Between consecutive texts. */
  gaps: number[];
  texts: number;
}

export const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** A minimal SSE reader for timing: counts `data:` events that `isText` accepts; `isEnd` marks success. */
export function timedStream(opts: {
  port: number;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  isText: (event: string) => boolean;
  isEnd: (event: string) => boolean;
}): Promise<StreamTiming> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const out: StreamTiming = { ok: false, ttft: NaN, gaps: [], texts: 0 };
    let last = 0;
    let buf = '';
    const req = request({ host: '127.0.0.1', port: opts.port, method: opts.method, path: opts.path, headers: opts.headers, agent }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.now();
        buf += chunk;
        let at: number;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const event = buf.slice(0, at);
          buf = buf.slice(at + 2);
          if (opts.isText(event)) {
            if (out.texts === 0) out.ttft = now - t0;
            else out.gaps.push(now - last);
            last = now;
            out.texts++;
          } else if (opts.isEnd(event)) {
            out.ok = true;
          }
        }
      });
      res.on('end', () => resolve(out));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

export async function postJson(port: number, path: string, body: unknown, token: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path, agent, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } },
      (res) => {
        let s = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (s += c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(s));
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
