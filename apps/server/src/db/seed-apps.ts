/**
 * First-start app catalogue, in Chinese: template apps (a prompt with a variable form) and
 * simulated experts (a system prompt with a description and example questions). The catalogue is
 * data, in db/seed/*.json, read through the schemas below; a file that does not fit them stops the
 * start with the path of what is wrong. The JSON is imported, so the server bundle carries it.
 *
 * - A template's `prompt` contains `{{key}}` for every key of `variables`, and nothing else in braces.
 *   Optional variables are phrased so an empty value reads harmlessly.
 * - A long text (`prompt`, `systemPrompt`) is written as its lines, joined with newlines here.
 * - `icon` is a lucide icon name in kebab-case.
 * - Category names are unique across both kinds, so a name alone identifies a category.
 * The integrity rules (seed-apps.test.ts) check what a schema cannot: unique keys, categories that
 * exist, variables used in the prompt.
 */
import { templateVariable, type TemplateVariable } from '@app/shared';
import { z } from 'zod';
import categoriesJson from './seed/app-categories.json' with { type: 'json' };
import expertsJson from './seed/experts.json' with { type: 'json' };
import templatesJson from './seed/templates.json' with { type: 'json' };

export type FormType = TemplateVariable['form_type'];

/** A text written as one string or as its lines. */
const text = z.union([z.string(), z.array(z.string())]).transform((t) => (Array.isArray(t) ? t.join('\n') : t));

/** The contract's variable, with no field it does not name (a misspelt key in the JSON is an error, not ignored). */
const variable = z.strictObject(templateVariable.shape);

const category = z.strictObject({ name: z.string(), icon: z.string(), kind: z.enum(['template', 'expert']) });

const template = z.strictObject({
  key: z.string(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  prompt: text,
  variables: z.record(z.string(), variable),
  questions: z.array(z.string()),
});

const expert = z.strictObject({
  key: z.string(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  systemPrompt: text,
  identityDescription: z.string(),
  questions: z.array(z.string()),
});

export type SeedVariable = z.infer<typeof variable>;
export type SeedTemplate = z.infer<typeof template>;
export type SeedExpert = z.infer<typeof expert>;
export type SeedCategory = z.infer<typeof category>;

/** `data` read through `schema`, or an error naming the file and the path of each misfit. */
export function readSeed<S extends z.ZodType>(file: string, schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const where = r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new Error(`db/seed/${file} does not fit its schema: ${where}`);
}

/** The schema of each seed file. */
export const seedSchemas = { categories: z.array(category), templates: z.array(template), experts: z.array(expert) };

export const SEED_APP_CATEGORIES: SeedCategory[] = readSeed('app-categories.json', seedSchemas.categories, categoriesJson);
export const SEED_TEMPLATES: SeedTemplate[] = readSeed('templates.json', seedSchemas.templates, templatesJson);
export const SEED_EXPERTS: SeedExpert[] = readSeed('experts.json', seedSchemas.experts, expertsJson);
