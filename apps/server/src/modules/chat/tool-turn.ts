import type { ToolStep } from '@app/shared';
import { LlmError, type LlmChunk, type LlmRequest, type LlmUsage } from '../../providers/llm/types.ts';
import type { ChatModel, Models } from '../models/public.ts';
import { runToolLoop, type ToolEntry, type ToolsService, type ToolStepEvent } from '../tools/public.ts';
import type { DeltaSink, StepSink } from '../turns/public.ts';

export interface ToolTurn {
  router: Models['router'];
  model: ChatModel;
  request: Omit<LlmRequest, 'model' | 'tools'> & { signal: AbortSignal };
  allowed: ToolEntry[];
  tools: ToolsService;
  emit: DeltaSink;
  think: DeltaSink;
  step: StepSink;
  /** The turn's secret: the user's answer to a call waiting for confirmation names the turn by it. */
  secret: string;
}

/** Ends a stream with LlmError 'aborted' as soon as the turn is stopped (the offline model does not watch the signal). */
async function* stoppable(chunks: AsyncIterable<LlmChunk>, signal: AbortSignal): AsyncGenerator<LlmChunk> {
  for await (const chunk of chunks) {
    if (signal.aborted) throw new LlmError('aborted', 'aborted by the caller');
    yield chunk;
  }
}

/**
 * A chat turn with the tools the user picked: the model's rounds of calls (runToolLoop), each call
 * reported to the page as a step (running, then its result), the answer streamed as usual. A call
 * of a tool that changes things shows as `confirm` (until `confirmBy`) and waits for the user's
 * answer (POST /api/chat/tools/confirm, on any instance): yes runs it, no or no answer refuses it.
 * Each step's state is kept in the KvStore under the turn's secret, for that answer.
 * Returns the model's usage and what the calls that succeeded cost.
 */
export async function runToolTurn(o: ToolTurn): Promise<{ usage: LlmUsage | null; toolCost: number }> {
  const started = new Map<string, ToolStep>();
  const confirmations = o.tools.confirmations;
  // The model's call ids are only unique within a round.
  const stepId = (round: number, id: string) => `${round}:${id}`;
  const put = async (s: ToolStep) => {
    await confirmations.record(o.secret, s.id, s.status);
    await o.step(s);
  };
  const onStep = (e: ToolStepEvent) => {
    if (e.type === 'tool_start') {
      const s: ToolStep = { id: stepId(e.round, e.id), round: e.round, name: e.name, server: e.server, tool: e.tool, arguments: e.arguments, status: 'running' };
      started.set(e.id, s);
      return put(s);
    }
    const before = started.get(e.id);
    if (!before) return undefined;
    const status = e.ok ? 'ok' : e.refused ? 'refused' : 'error';
    return put({ ...before, status, result: e.text, fullLength: e.fullLength, truncated: e.truncated, price: e.price, ms: e.ms });
  };
  const confirm = async (call: { id: string; round: number }) => {
    const before = started.get(call.id)!;
    const confirmBy = confirmations.deadline();
    const answer = await confirmations.wait(o.secret, before.id, confirmBy, o.request.signal, () => put({ ...before, status: 'confirm', confirmBy: new Date(confirmBy).toISOString() }));
    if (answer === 'yes') await put(before);
    return answer;
  };
  const r = await runToolLoop({
    stream: (req) => stoppable(o.router.stream(o.model, req), o.request.signal),
    request: o.request,
    allowed: o.allowed,
    tools: o.tools,
    maxRounds: o.tools.opts.maxRounds,
    onDelta: o.emit,
    onThinking: o.think,
    onStep,
    confirm,
  });
  return { usage: r.usage, toolCost: r.toolCost };
}
