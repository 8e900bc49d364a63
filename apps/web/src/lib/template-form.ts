/**
 * The template variable form of SPEC §5, as pure functions any screen can use (template chat,
 * the create-app preview): the same rules the server applies (`@app/shared/template-form`),
 * plus what the form does in the browser — initial values, one message per field, and the
 * limit_min rule (a number below the minimum shows 输入值必须大于{min} and resets to it).
 */
import {
  checkTemplateValues,
  TEMPLATE_REQUIRED_MESSAGE,
  TEMPLATE_VALUE_MAX,
  templateMinMessage,
  type TemplateIssue,
  type TemplateVariable,
  type TemplateVariables,
} from '@app/shared/template-form';

export { TEMPLATE_REQUIRED_MESSAGE, TEMPLATE_VALUE_MAX, templateMinMessage };
export type { TemplateIssue, TemplateVariable, TemplateVariables };

export type TemplateValues = Record<string, string>;

/** Every declared key with an empty value, in the declared order. */
export function initialTemplateValues(vars: TemplateVariables): TemplateValues {
  return Object.fromEntries(Object.keys(vars).map((k) => [k, '']));
}

/** The variables as a list in their declared order (for rendering the form). */
export function templateFields(vars: TemplateVariables): (TemplateVariable & { key: string })[] {
  return Object.entries(vars).map(([key, v]) => ({ key, ...v }));
}

export interface TemplateFormResult {
  ok: boolean;
  /** One message per field with a problem. */
  errors: Record<string, string>;
  /** The first problem's message (for a toast), or null. */
  message: string | null;
  /** The first field with a problem (to focus), or null. */
  firstKey: string | null;
  /** The values to send as `variable` of chat/create (trimmed, numbers normalised). */
  values: TemplateValues;
  /** Number fields below their minimum, with the value they reset to (SPEC §5). */
  resets: TemplateValues;
  issues: TemplateIssue[];
}

/**
 * Checks the whole form before 生成内容. Required fields left empty give 请正确输入必填项;
 * a number below limit_min gives 输入值必须大于{min} and its reset value in `resets`.
 */
export function validateTemplateForm(vars: TemplateVariables, values: Record<string, unknown>): TemplateFormResult {
  const { values: cleaned, issues } = checkTemplateValues(vars, values);
  const errors: Record<string, string> = {};
  const resets: TemplateValues = {};
  for (const i of issues) {
    errors[i.key] ??= i.message;
    if (i.kind === 'min' && i.min !== undefined) resets[i.key] = String(i.min);
  }
  const first = issues[0] ?? null;
  return { ok: issues.length === 0, errors, message: first?.message ?? null, firstKey: first?.key ?? null, values: cleaned, resets, issues };
}

/**
 * The limit_min rule for one number field, as applied when it loses focus: a value below the
 * minimum becomes the minimum, with the message to show. Anything else is left as typed.
 */
export function applyNumberMinimum(variable: Pick<TemplateVariable, 'form_type' | 'limit_min'>, raw: string): { value: string; message: string | null } {
  if (variable.form_type !== 'input_number' || typeof variable.limit_min !== 'number') return { value: raw, message: null };
  const text = raw.trim();
  if (!text) return { value: raw, message: null };
  const n = Number(text);
  if (!Number.isFinite(n) || n >= variable.limit_min) return { value: raw, message: null };
  return { value: String(variable.limit_min), message: templateMinMessage(variable.limit_min) };
}

/** The longest value a field accepts (for an input's maxLength). */
export const templateValueMax = (variable: Pick<TemplateVariable, 'form_type'>) => TEMPLATE_VALUE_MAX[variable.form_type] ?? TEMPLATE_VALUE_MAX.input_text;
