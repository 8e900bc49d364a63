/** What other modules use of the tools: the service, and running a turn's tool rounds. */
export { ToolsService, type ToolEntry, type ToolCallOutcome } from './service.ts';
export { maxToolCost, runToolLoop, type ToolStepEvent } from './loop.ts';
export { CONFIRM_REFUSALS, NO_SUCH_STEP, ToolConfirmations, type ConfirmAnswer } from './confirm.ts';
export type { BuiltinTool } from './service.ts';
