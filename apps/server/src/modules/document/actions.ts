import { asc } from 'drizzle-orm';
import type { DocumentOption } from '@app/shared';
import { DEFAULT_OUTPUT_LANGUAGE } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { documentActions } from '../../db/schema/index.ts';

/**
 * How an action reads the document: `search` takes the passages that match the question,
 * `whole` takes the document from the start (or evenly across it when it is longer than the
 * context allows).
 */
export interface DocumentAction extends DocumentOption {
  reads: 'search' | 'whole';
  /** Needs a question from the user. */
  needsQuestion: boolean;
  /** What is asked of the model; the question (if any) follows it. */
  instruction: string;
}

/** Published when an admin changes the actions, so every instance reloads them. */
export const DOCUMENT_ACTIONS_CHANGED = 'document-actions:changed';

type ActionRow = typeof documentActions.$inferSelect;
const actionOf = (r: ActionRow): DocumentAction & { sort: number; enabled: boolean } => ({
  value: r.value,
  label: r.label,
  reads: r.reads === 'search' ? 'search' : 'whole',
  needsQuestion: r.needsQuestion,
  instruction: r.instruction,
  sort: r.sort,
  enabled: r.enabled,
});

/**
 * The document actions (table document_actions, edited in the admin console), all of them in
 * order, kept until a change (here: `invalidate`; elsewhere: the DOCUMENT_ACTIONS_CHANGED message).
 */
export class DocumentActions {
  private all: Promise<ReturnType<typeof actionOf>[]> | null = null;
  private generation = 0;

  constructor(private ctx: AppContext) {}

  /** Every action, disabled ones too (a prepared answer still finds its action). */
  load(): Promise<ReturnType<typeof actionOf>[]> {
    if (this.all) return this.all;
    const gen = this.generation;
    const load = this.ctx.db
      .select()
      .from(documentActions)
      .orderBy(asc(documentActions.sort), asc(documentActions.value))
      .then((rows) => rows.map(actionOf));
    this.all = load;
    const forget = () => {
      if (this.all === load) this.all = null;
    };
    load.then(() => gen !== this.generation && forget(), forget);
    return load;
  }

  /** What users are offered, in order. */
  async enabled(): Promise<DocumentAction[]> {
    return (await this.load()).filter((a) => a.enabled);
  }

  /** An enabled action by value or label (what a new question may ask). */
  async find(value: string): Promise<DocumentAction | null> {
    return (await this.enabled()).find((a) => a.value === value || a.label === value) ?? null;
  }

  /** Any action by value, disabled ones too (a prepared or interrupted answer). */
  async any(value: string): Promise<DocumentAction | null> {
    return (await this.load()).find((a) => a.value === value) ?? null;
  }

  drop() {
    this.generation++;
    this.all = null;
  }

  async invalidate() {
    this.drop();
    await this.ctx.kv.publish(DOCUMENT_ACTIONS_CHANGED, String(this.ctx.clock.now()));
  }

  listen() {
    return this.ctx.kv.subscribe(DOCUMENT_ACTIONS_CHANGED, () => this.drop());
  }
}

const instances = new WeakMap<AppContext, DocumentActions>();
/** The one DocumentActions of an app (the document module and the admin console share it). */
export function documentActionsOf(ctx: AppContext): DocumentActions {
  let a = instances.get(ctx);
  if (!a) instances.set(ctx, (a = new DocumentActions(ctx)));
  return a;
}

export const DOCUMENT_LANGUAGES: DocumentOption[] = [
  { value: '中文', label: '中文' },
  { value: 'English', label: 'English' },
  { value: '日本語', label: '日本語' },
  { value: '한국어', label: '한국어' },
  { value: 'Français', label: 'Français' },
  { value: 'Deutsch', label: 'Deutsch' },
  { value: 'Español', label: 'Español' },
  { value: 'Русский', label: 'Русский' },
  { value: '繁體中文', label: '繁體中文' },
];

export const DEFAULT_LANGUAGE = DEFAULT_OUTPUT_LANGUAGE;

export const findLanguage = (value: string) => DOCUMENT_LANGUAGES.find((l) => l.value === value || l.label === value) ?? null;
