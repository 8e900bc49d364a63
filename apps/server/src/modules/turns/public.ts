// What other modules may use of turns (lint/boundaries.js): the turn engine and its adapters, preparing a paid turn, and jobs.
export type { DeltaSink, Outcome, StepSink, TurnAdapter, TurnEngine, TurnPrice, WorkAdapter } from './engine.ts';
export { usageView } from './engine.ts';
export type { BeginCtes } from './holds.ts';
export { prepareTurn, type OwnedTurn } from './prepared.ts';
export { requireBalance } from './precheck.ts';
export type { EndedJob, JobRun, JobStep } from './jobs.ts';
export type { Jobs } from './service.ts';
export { streamJob } from './job-stream.ts';
