/** What other modules use of the tools: the service, and running a turn's tool rounds. */
export { ToolsService, type ToolEntry, type ToolCallOutcome } from './service.ts';
export { maxToolCost, runToolLoop, type ToolStepEvent } from './loop.ts';
