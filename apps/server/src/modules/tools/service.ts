import { AppError } from '../../core/errors.ts';
import { writeAudit } from '../../core/audit.ts';
import { Code, type AdminToolsReply } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { eq } from 'drizzle-orm';
import { mcpServers } from '../../db/schema/index.ts';
import { mcpServerSpec, McpUnavailableError, type McpHub, type McpServerSpec } from '../../providers/mcp/index.ts';
import { ToolCatalogue, type ServerListing, type ToolEntry } from './catalogue.ts';
import { CONFIRM_REFUSALS, ToolConfirmations, type ConfirmAnswer } from './confirm.ts';
import { cutText, resultText } from './result-text.ts';
import { existingModelIds, modelMayUseTools, modelsWithTools, readToolSettings, saveToolSetting, setToolModels, type ToolSetting } from './settings.ts';

export type { ToolEntry } from './catalogue.ts';

export interface ToolsOptions {
  callTimeoutMs: number;
  resultMaxChars: number;
  maxRounds: number;
  listTtlMs?: number;
  /** How long a call of a tool that changes things waits for the user's yes (default 120 s). */
  confirmWaitMs?: number;
}

/**
 * A tool of this server beside the MCP ones (联网搜索): offered to every model allowed tools that
 * `available` says may use it, always on, priced by its own setting.
 */
export interface BuiltinTool {
  entry: ToolEntry;
  /** Whether the model (its code) may use it. */
  available(model: string): boolean;
  /** Runs it; `text` is what the model reads (cut to the result cap by the caller), `price` what it costs. */
  run(args: Record<string, unknown>, signal?: AbortSignal): Promise<{ ok: boolean; text: string; price: number }>;
}

/** What a call came to: the text the model reads next, and what it costs (only a call that succeeded is paid). */
export interface ToolCallOutcome {
  ok: boolean;
  /** The result (cut) or why it failed or was refused. */
  text: string;
  fullLength: number;
  truncated: boolean;
  /** Credits this call costs: the tool's price when it succeeded, else 0. */
  price: number;
  /** Set when the call was never made (not enabled, unknown, bad arguments, needs confirmation). */
  refused?: string;
  ms: number;
}

interface Actor {
  adminId: number;
  ip: string | null;
}

/** The tools of the configured MCP servers: the console's catalogue and settings, and calling them for chat. */
export class ToolsService {
  readonly catalogue: ToolCatalogue;
  /** The user's yes or no to calls of tools that change things. */
  readonly confirmations: ToolConfirmations;
  private builtins: BuiltinTool[] = [];
  private sources = new Map<string, 'env' | 'db'>();
  private syncedAt = 0;
  private syncing: Promise<void> | null = null;
  private lastSpecs = '';

  constructor(
    private readonly ctx: AppContext,
    readonly hub: McpHub,
    readonly opts: ToolsOptions,
    /** MCP_SERVERS: these names cannot be taken in the console. */
    private readonly envSpecs: Record<string, McpServerSpec> = {},
  ) {
    this.catalogue = new ToolCatalogue(hub, opts.listTtlMs);
    this.confirmations = new ToolConfirmations(ctx.kv, ctx.clock, ctx.log, { waitMs: opts.confirmWaitMs ?? 120_000 });
  }

  /** Offers a built-in tool (its function name wins over an MCP tool that cleans up the same). */
  addBuiltin(tool: BuiltinTool) {
    this.builtins = [...this.builtins.filter((b) => b.entry.fn !== tool.entry.fn), tool];
  }

  /**
   * Makes the hub serve MCP_SERVERS plus the servers added in the console (read at most every 5 s, so
   * another instance's change arrives within that; `force` after this instance's own change).
   */
  async sync(force = false): Promise<void> {
    if (!force && Date.now() - this.syncedAt < 5000) return;
    if (this.syncing && !force) return this.syncing;
    this.syncedAt = Date.now();
    const run = (async () => {
      const fromDb: Record<string, McpServerSpec> = {};
      for (const row of await this.ctx.db.select().from(mcpServers)) {
        if (row.name in this.envSpecs) continue;
        try {
          const spec = mcpServerSpec.safeParse(JSON.parse(this.ctx.integrations.box.open(row.spec, `mcp:${row.name}`)));
          if (spec.success) fromDb[row.name] = spec.data;
        } catch (err) {
          this.ctx.log.warn({ err, mcp: row.name }, 'an MCP server saved in the console cannot be read (another SECRETS_KEY?)');
        }
      }
      const all = { ...fromDb, ...this.envSpecs };
      this.sources = new Map(Object.keys(all).map((n) => [n, n in this.envSpecs ? 'env' : 'db']));
      const key = JSON.stringify(all);
      if (key === this.lastSpecs) return;
      this.lastSpecs = key;
      await this.hub.configure(all);
      this.catalogue.drop();
    })();
    this.syncing = run.finally(() => {
      if (this.syncing === run) this.syncing = null;
    });
    return run;
  }

  async saveServer(actor: Actor, body: { name: string; url: string; headers: Record<string, string> }): Promise<AdminToolsReply> {
    if (body.name in this.envSpecs) throw new AppError(Code.CONFLICT, '该名称已由 MCP_SERVERS 使用', 409);
    const spec: McpServerSpec = { url: body.url, headers: body.headers };
    const sealed = this.ctx.integrations.box.seal(JSON.stringify(spec), `mcp:${body.name}`);
    await this.ctx.db.transaction(async (tx) => {
      const [before] = await tx.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.name, body.name));
      await tx
        .insert(mcpServers)
        .values({ name: body.name, spec: sealed })
        .onConflictDoUpdate({ target: mcpServers.name, set: { spec: sealed, updatedAt: new Date() } });
      // The headers' values are keys: the trail names them only.
      await writeAudit(tx, { ...actor, action: before ? 'tool.server.update' : 'tool.server.create', targetType: 'tool_server', targetId: body.name, before: null, after: { url: body.url, headers: Object.keys(body.headers) } });
    });
    await this.sync(true);
    return this.adminView(true);
  }

  async deleteServer(actor: Actor, name: string): Promise<AdminToolsReply> {
    if (name in this.envSpecs) throw new AppError(Code.BAD_REQUEST, '该服务由 MCP_SERVERS 设置，请在环境变量中移除', 400);
    const removed = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx.delete(mcpServers).where(eq(mcpServers.name, name)).returning({ name: mcpServers.name });
      if (rows.length) await writeAudit(tx, { ...actor, action: 'tool.server.delete', targetType: 'tool_server', targetId: name, before: { name }, after: null });
      return rows.length;
    });
    if (!removed) throw new AppError(Code.NOT_FOUND, '未知的工具服务', 404);
    await this.sync(true);
    return this.adminView(true);
  }

  /** Any server configured at all, or a built-in tool (chat changes nothing when none is). */
  get configured(): boolean {
    return this.hub.list().length > 0 || this.builtins.length > 0;
  }

  async servers(fresh = false): Promise<ServerListing[]> {
    await this.sync();
    return this.catalogue.list(await readToolSettings(this.ctx.db), this.sources, fresh);
  }

  /**
   * The tools an administrator turned on, across servers, then the built-in ones (those `model` may
   * use, when it is given; all without it).
   */
  async enabledTools(model?: string): Promise<ToolEntry[]> {
    await this.sync();
    const builtins = this.builtins.filter((b) => model === undefined || b.available(model)).map((b) => b.entry);
    const taken = new Set(builtins.map((b) => b.fn));
    const mcp = this.hub.list().length ? (await this.servers()).flatMap((s) => s.tools.filter((t) => t.enabled && !taken.has(t.fn))) : [];
    return [...mcp, ...builtins];
  }

  /** Whether a call of `tool` waits for the user's yes: it says it changes things and does not say it only reads. */
  static needsConfirm(tool: Pick<ToolEntry, 'annotations'>): boolean {
    return tool.annotations.destructiveHint === true && tool.annotations.readOnlyHint !== true;
  }

  async mayUseTools(modelId: number): Promise<boolean> {
    await this.sync();
    return this.configured && modelMayUseTools(this.ctx.db, modelId);
  }

  async adminView(fresh = false): Promise<AdminToolsReply> {
    const [servers, models] = await Promise.all([this.servers(fresh), modelsWithTools(this.ctx.db)]);
    return { servers: servers.map(({ tools, ...s }) => ({ ...s, tools: tools.map(({ server: _s, fn: _f, ...t }) => t) })), models, maxRounds: this.opts.maxRounds };
  }

  async saveSetting(actor: Actor, server: string, tool: string, patch: Partial<ToolSetting>): Promise<AdminToolsReply> {
    const listing = (await this.servers()).find((s) => s.name === server);
    if (!listing) throw new AppError(Code.NOT_FOUND, '未知的工具服务', 404);
    if (!listing.tools.some((t) => t.name === tool)) throw new AppError(Code.NOT_FOUND, listing.error ? `工具服务暂不可用：${listing.error}` : '未知的工具', 404);
    await this.ctx.db.transaction(async (tx) => {
      const { before, after } = await saveToolSetting(tx, server, tool, patch);
      await writeAudit(tx, { ...actor, action: 'tool.update', targetType: 'tool', targetId: `${server}/${tool}`, before, after });
    });
    return this.adminView();
  }

  async saveModels(actor: Actor, modelIds: number[]): Promise<AdminToolsReply> {
    const known = await existingModelIds(this.ctx.db, modelIds);
    const unknown = modelIds.filter((id) => !known.has(id));
    if (unknown.length) throw new AppError(Code.BAD_REQUEST, `未知的模型：${unknown.join(', ')}`, 400);
    await this.ctx.db.transaction(async (tx) => {
      const { before, after } = await setToolModels(tx, modelIds);
      await writeAudit(tx, { ...actor, action: 'tool.models', targetType: 'tool', targetId: 'models', before, after });
    });
    return this.adminView();
  }

  /**
   * Calls the tool the model named by `fn`, if it is among `allowed` (the turn's enabled tools the user
   * picked); anything else is refused without a call. Arguments are the model's JSON text. A tool
   * that changes things runs only after `confirm` answers yes (without `confirm` it is refused).
   */
  async call(fn: string, argsJson: string, allowed: readonly ToolEntry[], o: { signal?: AbortSignal; confirm?: () => Promise<ConfirmAnswer> } = {}): Promise<ToolCallOutcome> {
    let started = Date.now();
    const refuse = (why: string): ToolCallOutcome => ({ ok: false, text: why, fullLength: why.length, truncated: false, price: 0, refused: why, ms: Date.now() - started });
    const tool = allowed.find((t) => t.fn === fn);
    if (!tool) return refuse(`工具 ${fn} 不存在或未启用，未调用。`);
    let args: unknown;
    try {
      args = argsJson.trim() ? JSON.parse(argsJson) : {};
    } catch {
      return refuse(`工具 ${fn} 的参数不是合法的 JSON，未调用。`);
    }
    if (!args || typeof args !== 'object' || Array.isArray(args)) return refuse(`工具 ${fn} 的参数须为 JSON 对象，未调用。`);
    const builtin = this.builtins.find((b) => b.entry.fn === fn);
    if (!builtin && !this.hub.get(tool.server)) return refuse(`工具 ${fn} 的服务已移除，未调用。`);
    // A tool that says it changes things runs only once the user said yes.
    if (ToolsService.needsConfirm(tool)) {
      if (!o.confirm) return refuse(`工具 ${fn} 会修改数据，需要用户确认，未调用。`);
      const answer = await o.confirm();
      if (answer !== 'yes') return refuse(CONFIRM_REFUSALS[answer]);
      started = Date.now();
    }
    if (builtin) {
      try {
        const r = await builtin.run(args as Record<string, unknown>, o.signal);
        return { ok: r.ok, ...cutText(r.text, this.opts.resultMaxChars), price: r.ok ? r.price : 0, ms: Date.now() - started };
      } catch (e) {
        const why = `工具调用失败：${(e as Error).message || String(e)}`;
        return { ok: false, text: why, fullLength: why.length, truncated: false, price: 0, ms: Date.now() - started };
      }
    }
    const conn = this.hub.get(tool.server);
    if (!conn) return refuse(`工具 ${fn} 的服务已移除，未调用。`);
    try {
      const result = await conn.callTool(tool.name, args as Record<string, unknown>, { timeoutMs: this.opts.callTimeoutMs, signal: o.signal });
      const out = resultText(result, this.opts.resultMaxChars);
      return { ok: !result.isError, ...out, price: result.isError ? 0 : tool.price, ms: Date.now() - started };
    } catch (e) {
      const msg = (e as Error).message || String(e);
      const why = e instanceof McpUnavailableError ? `工具服务不可用：${msg}` : /timed out/i.test(msg) ? `工具调用超时（${this.opts.callTimeoutMs} ms）` : `工具调用失败：${msg}`;
      return { ok: false, text: why, fullLength: why.length, truncated: false, price: 0, ms: Date.now() - started };
    }
  }
}
