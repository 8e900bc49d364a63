import { AppError } from '../../core/errors.ts';
import { writeAudit } from '../../core/audit.ts';
import { Code, type AdminToolsReply } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { McpUnavailableError, type McpHub } from '../../providers/mcp/index.ts';
import { ToolCatalogue, type ServerListing, type ToolEntry } from './catalogue.ts';
import { resultText } from './result-text.ts';
import { existingModelIds, modelMayUseTools, modelsWithTools, readToolSettings, saveToolSetting, setToolModels, type ToolSetting } from './settings.ts';

export type { ToolEntry } from './catalogue.ts';

export interface ToolsOptions {
  callTimeoutMs: number;
  resultMaxChars: number;
  maxRounds: number;
  listTtlMs?: number;
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

  constructor(
    private readonly ctx: AppContext,
    readonly hub: McpHub,
    readonly opts: ToolsOptions,
    private readonly sources = new Map<string, 'env' | 'db'>(),
  ) {
    this.catalogue = new ToolCatalogue(hub, opts.listTtlMs);
  }

  /** Any server configured at all (chat changes nothing when none is). */
  get configured(): boolean {
    return this.hub.list().length > 0;
  }

  async servers(fresh = false): Promise<ServerListing[]> {
    return this.catalogue.list(await readToolSettings(this.ctx.db), this.sources, fresh);
  }

  /** The tools an administrator turned on, across servers. */
  async enabledTools(): Promise<ToolEntry[]> {
    if (!this.configured) return [];
    return (await this.servers()).flatMap((s) => s.tools.filter((t) => t.enabled));
  }

  async mayUseTools(modelId: number): Promise<boolean> {
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
   * picked); anything else is refused without a call. Arguments are the model's JSON text.
   */
  async call(fn: string, argsJson: string, allowed: readonly ToolEntry[], o: { signal?: AbortSignal } = {}): Promise<ToolCallOutcome> {
    const started = Date.now();
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
    // Confirmation by the user is not built yet: a tool that says it changes things is not run.
    if (tool.annotations.destructiveHint === true && tool.annotations.readOnlyHint !== true) return refuse(`工具 ${fn} 会修改数据，需要用户确认，本站暂不支持确认，未调用。`);
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
