import { checkCustomApp, type FormType } from '@app/shared/template-form';

/** One variable row of the create-app form, as typed. */
export interface VariableDraft {
  /** Stable row id (the key may be edited). */
  uid: number;
  key: string;
  name: string;
  form_type: FormType;
  placeholder: string;
  tip: string;
  require: boolean;
  /** input_number: the minimum, as typed ('' for none). */
  limit_min: string;
  /** select: one option per line. */
  options: string;
}

export interface AppDraft {
  title: string;
  description: string;
  prompt: string;
  variables: VariableDraft[];
}

let nextUid = 1;

/** A new row with a free key var1, var2, … and a required single-line field. */
export function newVariable(existing: VariableDraft[]): VariableDraft {
  const keys = new Set(existing.map((v) => v.key));
  let n = existing.length + 1;
  while (keys.has(`var${n}`)) n++;
  return { uid: nextUid++, key: `var${n}`, name: '', form_type: 'input_text', placeholder: '', tip: '', require: true, limit_min: '', options: '' };
}

/** Errors by place: a form field, or a variable row (by uid) and one of its fields. */
export interface DraftErrors {
  title?: string;
  description?: string;
  prompt?: string;
  variables?: string;
  rows: Record<number, { key?: string; name?: string; form_type?: string; limit_min?: string; options?: string }>;
  /** The first message, for a toast. */
  first: string | null;
}

/** The body of POST /app/customApp. */
export function draftToBody(d: AppDraft) {
  return {
    title: d.title.trim(),
    description: d.description.trim(),
    prompt: d.prompt,
    variables: Object.fromEntries(
      d.variables.map((v) => [
        v.key.trim(),
        {
          name: v.name.trim(),
          form_type: v.form_type,
          placeholder: v.placeholder.trim(),
          tip: v.tip.trim(),
          require: v.require,
          ...(v.form_type === 'input_number' && v.limit_min.trim() !== '' ? { limit_min: Number(v.limit_min.trim()) } : {}),
          ...(v.form_type === 'select' ? { select_values: v.options.split('\n').map((s) => s.trim()).filter(Boolean) } : {}),
        },
      ]),
    ),
  };
}

const ROW_FIELDS = ['name', 'form_type', 'limit_min', 'select_values'] as const;

/** Puts a server or client issue (`path`, `message`) where the user will see it. */
export function placeIssue(errors: DraftErrors, d: AppDraft, path: string, message: string) {
  errors.first ??= message;
  const [head, key, field] = path.split('.');
  if (head === 'title' || head === 'description' || head === 'prompt') {
    errors[head] ??= message;
    return;
  }
  if (head === 'variables' && key) {
    const row = d.variables.find((v) => v.key.trim() === key);
    if (row) {
      const slot = (errors.rows[row.uid] ??= {});
      const f = (ROW_FIELDS as readonly string[]).includes(field ?? '') ? (field === 'select_values' ? 'options' : (field as 'name' | 'form_type' | 'limit_min')) : 'key';
      slot[f] ??= message;
      return;
    }
  }
  errors.variables ??= message;
}

/**
 * The same checks the server runs (shared), plus what only a form can get wrong: an empty key,
 * a key used twice, a minimum that is not a number.
 */
export function validateDraft(d: AppDraft): DraftErrors {
  const errors: DraftErrors = { rows: {}, first: null };
  const seen = new Map<string, number>();
  for (const v of d.variables) {
    const key = v.key.trim();
    if (!key) placeRow(errors, v.uid, 'key', '请填写变量名');
    else if (seen.has(key)) placeRow(errors, v.uid, 'key', `变量名「${key}」重复了`);
    else seen.set(key, v.uid);
    if (v.form_type === 'input_number' && v.limit_min.trim() !== '' && !Number.isFinite(Number(v.limit_min.trim()))) {
      placeRow(errors, v.uid, 'limit_min', '最小值必须是数字');
    }
  }
  const { issues } = checkCustomApp(draftToBody(d));
  for (const i of issues) placeIssue(errors, d, i.path, i.message);
  return errors;
}

function placeRow(errors: DraftErrors, uid: number, field: 'key' | 'limit_min', message: string) {
  errors.first ??= message;
  (errors.rows[uid] ??= {})[field] ??= message;
}

export const hasErrors = (e: DraftErrors) => e.first !== null;

/** The prompt with `{{key}}` put at the cursor (or the end). Returns the text and the new cursor. */
export function insertToken(prompt: string, key: string, start?: number | null, end?: number | null) {
  const token = `{{${key}}}`;
  const a = start ?? prompt.length;
  const b = end ?? a;
  return { text: prompt.slice(0, a) + token + prompt.slice(b), cursor: a + token.length };
}
