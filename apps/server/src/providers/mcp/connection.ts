import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { FastifyBaseLogger } from 'fastify';
import { guardedFetch, type ConnectGuard } from '../../core/safe-fetch.ts';
import { isStdio, type McpServerSpec } from './config.ts';

/** A tool as the server lists it. */
export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean; title?: string };
}

export interface McpContentPart {
  type: string;
  text?: string;
  mimeType?: string;
  [k: string]: unknown;
}

export interface McpCallResult {
  content: McpContentPart[];
  isError: boolean;
  structuredContent?: unknown;
}

export class McpUnavailableError extends Error {
  constructor(
    readonly server: string,
    message: string,
  ) {
    super(message);
    this.name = 'McpUnavailableError';
  }
}

export interface McpConnectionOptions {
  /** The SSRF guard HTTP servers are reached under (SAFE_FETCH_ALLOW_HOSTS in its allowHosts). */
  guard: ConnectGuard;
  log: FastifyBaseLogger;
  /** Time to connect and initialize (default 20 s: a stdio server may be slow to start). */
  connectTimeoutMs?: number;
  /** First restart delay after a failure, doubled each time up to `maxBackoffMs` (defaults 500 ms, 30 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** The largest message read from a stdio server (default 32 MB; the SDK's own is 10 MB, under a 10 MB file read by server-filesystem, which sends it twice). Larger closes the connection. */
  maxMessageBytes?: number;
}

const CLIENT_INFO = { name: 'ai-assistant', version: '1.0.0' };

/**
 * One MCP server, supervised: connected (its child process started, for stdio) on first use, at most
 * one connection at a time (concurrent users wait for the same start), restarted on the next use
 * after it died or failed, no sooner than its back-off (doubling while it keeps failing), and closed
 * (its child stopped) by close().
 */
export class McpConnection {
  private client: Client | null = null;
  private starting: Promise<Client> | null = null;
  private failures = 0;
  private retryAt = 0;
  private closed = false;
  private lastError = '';
  /** The stdio child's pid while it runs (tests and the console read it). */
  pid: number | null = null;
  /** Times a connection was opened (a restart counts). */
  starts = 0;

  constructor(
    readonly name: string,
    readonly spec: McpServerSpec,
    private readonly opts: McpConnectionOptions,
  ) {}

  get kind(): 'stdio' | 'http' {
    return isStdio(this.spec) ? 'stdio' : 'http';
  }

  get connected(): boolean {
    return this.client !== null;
  }

  get error(): string {
    return this.lastError;
  }

  async listTools(): Promise<McpTool[]> {
    const client = await this.ensure();
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    // A server paginates its list; 20 pages is far beyond any real server.
    for (let page = 0; page < 20; page++) {
      const res = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.opts.connectTimeoutMs ?? 20_000 });
      for (const t of res.tools) {
        tools.push({
          name: t.name,
          title: t.title,
          description: t.description ?? '',
          inputSchema: t.inputSchema,
          annotations: { ...(t.annotations ?? {}) },
        });
      }
      cursor = res.nextCursor;
      if (!cursor) break;
    }
    return tools;
  }

  async callTool(name: string, args: Record<string, unknown>, o: { timeoutMs: number; signal?: AbortSignal }): Promise<McpCallResult> {
    const client = await this.ensure();
    const res = await client.callTool({ name, arguments: args }, undefined, { timeout: o.timeoutMs, maxTotalTimeout: o.timeoutMs, signal: o.signal });
    return {
      content: Array.isArray(res.content) ? (res.content as McpContentPart[]) : [],
      isError: res.isError === true,
      structuredContent: res.structuredContent,
    };
  }

  /** The connected client, starting the server when none runs (waiting out a short back-off). */
  private async ensure(): Promise<Client> {
    if (this.closed) throw new McpUnavailableError(this.name, `MCP server ${this.name} is shut down`);
    if (this.client) return this.client;
    if (this.starting) return this.starting;
    const wait = this.retryAt - Date.now();
    if (wait > 5000) throw new McpUnavailableError(this.name, `MCP server ${this.name} is restarting (${this.lastError || 'failed'}); retry in ${Math.ceil(wait / 1000)} s`);
    this.starting = (async () => {
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      return this.start();
    })().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async start(): Promise<Client> {
    this.starts++;
    try {
      const client = isStdio(this.spec) ? await this.startStdio(this.spec) : await this.startHttp(this.spec.url, this.spec.headers);
      if (this.closed) {
        await client.close().catch(() => {});
        throw new McpUnavailableError(this.name, `MCP server ${this.name} is shut down`);
      }
      this.failures = 0;
      this.lastError = '';
      this.client = client;
      return client;
    } catch (e) {
      this.failed(e);
      throw e instanceof McpUnavailableError ? e : new McpUnavailableError(this.name, `MCP server ${this.name} did not start: ${(e as Error).message}`);
    }
  }

  private failed(e: unknown) {
    this.failures++;
    this.lastError = (e as Error)?.message ?? String(e);
    const base = this.opts.backoffMs ?? 500;
    this.retryAt = Date.now() + Math.min(this.opts.maxBackoffMs ?? 30_000, base * 2 ** (this.failures - 1));
  }

  private async connect(client: Client, transport: Transport) {
    await client.connect(transport, { timeout: this.opts.connectTimeoutMs ?? 20_000 });
    // The server went away (the child exited, the HTTP session ended): the next use restarts it.
    client.onclose = () => {
      if (this.client !== client) return;
      this.client = null;
      this.pid = null;
      if (!this.closed) {
        this.failed(new Error('connection closed'));
        this.opts.log.warn({ mcp: this.name }, 'MCP server connection closed; restarted on next use');
      }
    };
  }

  private async startStdio(spec: { command: string; args: string[]; env: Record<string, string> }): Promise<Client> {
    const transport = new StdioClientTransport({
      command: spec.command,
      args: spec.args,
      // Only the SDK's short list of safe variables (PATH, HOME…) plus the server's own: never our secrets.
      env: { ...getDefaultEnvironment(), ...spec.env },
      stderr: 'pipe',
      maxBufferSize: this.opts.maxMessageBytes ?? 32 * 1024 * 1024,
    });
    // Read the child's stderr (an unread pipe would fill and stall it); a little of it goes to the log.
    let logged = 0;
    transport.stderr?.on('data', (chunk: Buffer) => {
      if (logged > 20) return;
      logged++;
      this.opts.log.info({ mcp: this.name }, `MCP stderr: ${chunk.toString('utf8').slice(0, 500).trim()}`);
    });
    const client = new Client(CLIENT_INFO);
    await this.connect(client, transport);
    this.pid = transport.pid;
    return client;
  }

  private async startHttp(url: string, headers: Record<string, string>): Promise<Client> {
    const fetch = guardedFetch(this.opts.guard);
    const requestInit = { headers };
    try {
      const client = new Client(CLIENT_INFO);
      await this.connect(client, new StreamableHTTPClientTransport(new URL(url), { fetch, requestInit }));
      return client;
    } catch (e) {
      // A server that only speaks the older SSE transport refuses the streamable POST (4xx).
      this.opts.log.info({ mcp: this.name, err: (e as Error).message }, 'MCP streamable HTTP failed; trying SSE');
      const client = new Client(CLIENT_INFO);
      await this.connect(client, new SSEClientTransport(new URL(url), { fetch, requestInit }));
      return client;
    }
  }

  /** Stops the server (its child process for stdio); later uses fail. */
  async close() {
    this.closed = true;
    const client = this.client ?? (await this.starting?.catch(() => null)) ?? null;
    this.client = null;
    this.pid = null;
    await client?.close().catch(() => {});
  }
}
