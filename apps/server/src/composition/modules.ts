import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context.ts';
import type { OpenAiAudio } from '../providers/audio/openai-audio.ts';
import { registerAdmin } from '../modules/admin/module.ts';
import { registerApps } from '../modules/apps/module.ts';
import { registerAuth } from '../modules/auth/module.ts';
import { AuthService } from '../modules/auth/service.ts';
import { registerBilling } from '../modules/billing/module.ts';
import { registerChat } from '../modules/chat/module.ts';
import { registerConfig } from '../modules/config/module.ts';
import { ConfigService } from '../modules/config/service.ts';
import { registerDocs } from '../modules/docs/module.ts';
import { registerDocuments, type DocumentModuleOptions } from '../modules/document/module.ts';
import { registerDraw, type DrawModuleOptions } from '../modules/draw/module.ts';
import type { DrawService } from '../modules/draw/service.ts';
import { registerFiles } from '../modules/files/module.ts';
import { registerGrowth } from '../modules/growth/module.ts';
import { registerMind } from '../modules/mind/module.ts';
import type { LlmRouterOptions } from '../modules/models/llm-router.ts';
import { registerModels } from '../modules/models/module.ts';
import { createModels, type Models } from '../modules/models/service.ts';
import { registerOps } from '../modules/ops/module.ts';
import { registerShare } from '../modules/share/module.ts';
import { registerSlides } from '../modules/slides/module.ts';
import { registerSupport } from '../modules/support/module.ts';
import { registerThesis } from '../modules/thesis/module.ts';
import { registerTools } from '../modules/tools/module.ts';
import type { ToolsService } from '../modules/tools/service.ts';
import { registerTranslate } from '../modules/translate/module.ts';
import { registerTurns } from '../modules/turns/module.ts';
import { createTurnEngine, type TurnEngine, type TurnEngineOptions } from '../modules/turns/service.ts';
import { registerUser } from '../modules/user/module.ts';
import { registerVoice } from '../modules/voice/module.ts';

/** What the modules are given beside the context: the shared services, and what earlier modules provide. */
export interface ModuleDeps {
  config: ConfigService;
  auth: AuthService;
  models: Models;
  turns: TurnEngine;
  /** Provided by the tools module (chat offers its tools). */
  tools: ToolsService | null;
  /** Provided by the document module (tests reach its queue). */
  documents: ReturnType<typeof registerDocuments> | null;
  /** Provided by the draw module (the examples painter, tests). */
  draw: DrawService | null;
  /** Options of single modules (tests shorten or replace parts). */
  options: { documents?: DocumentModuleOptions; draw?: DrawModuleOptions; audio?: OpenAiAudio | null };
}

type Provided = 'tools' | 'documents' | 'draw';
type Register<T = unknown> = (app: FastifyInstance, ctx: AppContext, deps: ModuleDeps) => T | Promise<T>;
interface ModuleEntry {
  name: string;
  register: Register;
  /** The field of ModuleDeps that receives what `register` returns, for the modules after it. */
  provides?: Provided;
}
const provider = <K extends Provided>(name: string, register: Register<NonNullable<ModuleDeps[K]>>, provides: K): ModuleEntry => ({ name, register, provides });

/**
 * Every module (modules/<name>/module.ts), in the order they register; each one the same way, as an
 * encapsulated plugin: what it registers (routes, hooks, multipart) stays in its scope. Order matters
 * only where a module provides something (tools before chat) and for close hooks, which run in this
 * order: the turn engine stops live turns before the model catalogue saves its usage.
 */
export const MODULES: readonly ModuleEntry[] = [
  { name: 'config', register: registerConfig },
  { name: 'auth', register: registerAuth },
  { name: 'user', register: registerUser },
  { name: 'growth', register: registerGrowth },
  { name: 'support', register: registerSupport },
  { name: 'billing', register: registerBilling },
  provider('tools', registerTools, 'tools'),
  { name: 'chat', register: registerChat },
  provider('document', registerDocuments, 'documents'),
  provider('draw', registerDraw, 'draw'),
  { name: 'mind', register: registerMind },
  { name: 'translate', register: registerTranslate },
  { name: 'thesis', register: registerThesis },
  { name: 'slides', register: registerSlides },
  { name: 'share', register: registerShare },
  { name: 'voice', register: registerVoice },
  { name: 'turns', register: registerTurns },
  { name: 'models', register: registerModels },
  { name: 'apps', register: registerApps },
  { name: 'files', register: registerFiles },
  { name: 'admin', register: registerAdmin },
  { name: 'ops', register: registerOps },
  { name: 'docs', register: registerDocs },
];

export interface SharedOptions {
  /** Lease and checkpoint timing of paid turns. */
  turns: TurnEngineOptions;
  llm?: LlmRouterOptions;
  options: ModuleDeps['options'];
}

/** The services several modules share (site settings, logins, the model catalogue, the turn engine). */
export async function createShared(ctx: AppContext, opts: SharedOptions): Promise<ModuleDeps> {
  const config = new ConfigService(ctx);
  return {
    config,
    auth: new AuthService(ctx, config),
    models: await createModels(ctx, opts.llm),
    turns: createTurnEngine(ctx, opts.turns),
    tools: null,
    documents: null,
    draw: null,
    options: opts.options,
  };
}

/** Registers MODULES in order, each in its own scope, handing on what a module provides. */
export async function registerModules(app: FastifyInstance, ctx: AppContext, deps: ModuleDeps): Promise<ModuleDeps> {
  for (const m of MODULES) {
    await app.register(async (scope) => {
      const out = await m.register(scope, ctx, deps);
      if (m.provides) (deps as unknown as Record<Provided, unknown>)[m.provides] = out;
    });
  }
  return deps;
}
