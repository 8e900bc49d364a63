import { LlmError, TOOL_ERROR_PREFIX, type LlmChunk, type LlmMessage, type LlmRequest, type LlmToolCall, type LlmUsage } from '../../providers/llm/types.ts';
import type { ToolEntry } from './catalogue.ts';
import type { ConfirmAnswer } from './confirm.ts';
import type { ToolCallOutcome, ToolsService } from './service.ts';

/** A step of a turn with tools, as the page shows it: a call starting, then its result. */
export type ToolStepEvent =
  | { type: 'tool_start'; id: string; round: number; name: string; server: string | null; tool: string | null; arguments: string }
  | ({ type: 'tool_result'; id: string } & ToolCallOutcome);

export interface ToolLoopOptions {
  /** The model's stream (the router's, for a model with keys; the offline model's without). */
  stream: (req: Omit<LlmRequest, 'model'>) => AsyncIterable<LlmChunk>;
  request: Omit<LlmRequest, 'model' | 'tools'>;
  /** The enabled tools the user picked for this conversation. */
  allowed: ToolEntry[];
  tools: ToolsService;
  maxRounds: number;
  /** Calls the model may make in one round (parallel calls); more are refused. */
  maxCallsPerRound?: number;
  onDelta: (text: string) => void | Promise<void>;
  onThinking?: (text: string) => void | Promise<void>;
  onStep: (e: ToolStepEvent) => void | Promise<void>;
  /**
   * A call of a tool that changes things waits here for the user's yes (shown to the user as the
   * caller sees fit); without it, such calls are refused.
   */
  confirm?: (call: { id: string; round: number }) => Promise<ConfirmAnswer>;
}

export interface ToolLoopResult {
  usage: LlmUsage | null;
  /** Credits of the calls that succeeded. */
  toolCost: number;
  calls: number;
  rounds: number;
}

export const DEFAULT_CALLS_PER_ROUND = 4;

/** The most a turn's calls can cost: rounds × calls per round × the dearest allowed tool (what its hold covers). */
export function maxToolCost(allowed: readonly ToolEntry[], maxRounds: number, callsPerRound = DEFAULT_CALLS_PER_ROUND): number {
  const dearest = Math.max(0, ...allowed.map((t) => t.price));
  return dearest * maxRounds * callsPerRound;
}

/**
 * A turn with tools: the model answers or asks for calls; the calls run (in parallel within a round,
 * each refused without a call unless it is an allowed tool) and their results go back as role tool
 * messages, for at most `maxRounds` rounds; the last request offers no tools, so the model answers.
 * Aborting the request's signal ends it like a stopped reply (LlmError 'aborted').
 */
export async function runToolLoop(o: ToolLoopOptions): Promise<ToolLoopResult> {
  const messages: LlmMessage[] = [...o.request.messages];
  const perRound = o.maxCallsPerRound ?? DEFAULT_CALLS_PER_ROUND;
  const defs = o.allowed.map((t) => ({ name: t.fn, description: t.description || t.title || t.name, parameters: t.inputSchema }));
  const total: LlmUsage = { promptTokens: 0, completionTokens: 0 };
  let reported = false;
  let toolCost = 0;
  let callCount = 0;
  for (let round = 0; ; round++) {
    const offer = round < o.maxRounds && defs.length > 0;
    let text = '';
    let calls: LlmToolCall[] = [];
    for await (const chunk of o.stream({ ...o.request, messages, ...(offer ? { tools: defs } : {}) })) {
      if (chunk.type === 'delta') {
        text += chunk.text;
        const w = o.onDelta(chunk.text);
        if (w) await w;
      } else if (chunk.type === 'thinking') {
        const w = o.onThinking?.(chunk.text);
        if (w) await w;
      } else if (chunk.type === 'usage') {
        reported = true;
        total.promptTokens += chunk.usage.promptTokens;
        total.completionTokens += chunk.usage.completionTokens;
      } else if (offer) calls = chunk.calls;
    }
    if (!calls.length) return { usage: reported ? total : null, toolCost, calls: callCount, rounds: round + 1 };
    messages.push({ role: 'assistant', content: text, toolCalls: calls });
    for (const c of calls) {
      const t = o.allowed.find((x) => x.fn === c.name);
      await o.onStep({ type: 'tool_start', id: c.id, round, name: c.name, server: t?.server ?? null, tool: t?.name ?? null, arguments: c.arguments });
    }
    const outcomes = await Promise.all(
      calls.map(async (c, i): Promise<ToolCallOutcome> => {
        if (i >= perRound) {
          const why = `一轮最多调用 ${perRound} 个工具，未调用。`;
          return { ok: false, text: why, fullLength: why.length, truncated: false, price: 0, refused: why, ms: 0 };
        }
        const confirm = o.confirm;
        return o.tools.call(c.name, c.arguments, o.allowed, { signal: o.request.signal, ...(confirm ? { confirm: () => confirm({ id: c.id, round }) } : {}) });
      }),
    );
    if (o.request.signal?.aborted) {
      // Stopped meanwhile: a call that succeeded before the stop is reported (it is paid), and one never made
      // (refused, or stopped while it waited for the user's yes); the ones cut short are not.
      for (const [i, c] of calls.entries()) if (outcomes[i]!.ok || outcomes[i]!.refused) await o.onStep({ type: 'tool_result', id: c.id, ...outcomes[i]! });
      throw new LlmError('aborted', 'aborted by the caller');
    }
    for (const [i, c] of calls.entries()) {
      const r = outcomes[i]!;
      callCount += r.refused ? 0 : 1;
      toolCost += r.price;
      await o.onStep({ type: 'tool_result', id: c.id, ...r });
      messages.push({ role: 'tool', toolCallId: c.id, content: r.ok ? r.text : `${TOOL_ERROR_PREFIX}${r.text}` });
    }
  }
}
