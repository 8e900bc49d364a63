// Types of scripts/stack.mjs for the TypeScript that drives it (apps/server/src/stack.stack-test.ts).
import type { ChildProcess } from 'node:child_process';

export class StackMissing extends Error {}

export interface StackInstance {
  name: string;
  port: number;
  url: string;
  logFile: string;
  proc: ChildProcess | null;
  start(): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface Stack {
  url: string;
  instances: StackInstance[];
  nginxConf: string;
  env: Record<string, string>;
  secrets: Record<string, string>;
  stop(): Promise<void>;
}

export interface StackOptions {
  port?: number;
  host?: string;
  instancePorts?: number[];
  schema?: string;
  redisPrefix?: string;
  dataDir?: string;
  publicUrl?: string;
  env?: Record<string, string>;
  build?: boolean;
  quiet?: boolean;
}

export function reachable(host: string, port: number, timeoutMs?: number): Promise<boolean>;
export function checkPrerequisites(env?: NodeJS.ProcessEnv): Promise<{ nginx: string; databaseUrl: string; redisUrl: string }>;
export function startStack(opts?: StackOptions): Promise<Stack>;
