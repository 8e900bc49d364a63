/**
 * Template variables (SPEC §3 template app, §5 template form): the rules a user's values must
 * follow, the filling of a template prompt, and the checks of a user's own template app.
 * Plain TypeScript without zod, so the web app can import it (`@app/shared/template-form`)
 * without pulling zod into its bundle; the server runs the very same checks.
 */

export const FORM_TYPES = ['input_text', 'input_textarea', 'input_number', 'select'] as const;
export type FormType = (typeof FORM_TYPES)[number];

export interface TemplateVariable {
  name: string;
  form_type: FormType;
  placeholder: string;
  tip: string;
  require: boolean;
  /** input_number only: the smallest accepted value. */
  limit_min?: number;
  /** select only: the accepted values. */
  select_values?: string[];
}
export type TemplateVariables = Record<string, TemplateVariable>;

/** SPEC §5, verbatim. */
export const TEMPLATE_REQUIRED_MESSAGE = '请正确输入必填项';
export const templateMinMessage = (min: number) => `输入值必须大于${min}`;

/** Longest accepted value per form type (characters). */
export const TEMPLATE_VALUE_MAX: Record<FormType, number> = {
  input_text: 500,
  input_textarea: 5000,
  input_number: 32,
  select: 200,
};

export type TemplateIssueKind = 'required' | 'min' | 'number' | 'select' | 'length';
export interface TemplateIssue {
  /** The variable key. */
  key: string;
  kind: TemplateIssueKind;
  message: string;
  /** For `min`: the minimum the value was compared with (the reset target, SPEC §5). */
  min?: number;
  /** For `length`: the longest accepted value. */
  max?: number;
}

const charCount = (s: string) => Array.from(s).length;

function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/**
 * Checks `values` against `vars`, in the declared order. Returns the values to use (trimmed
 * strings, '' for an empty optional field, unknown keys dropped) and the issues found.
 */
export function checkTemplateValues(vars: TemplateVariables, values: Record<string, unknown> | undefined | null) {
  const out: Record<string, string> = {};
  const issues: TemplateIssue[] = [];
  const given = values ?? {};
  for (const [key, v] of Object.entries(vars)) {
    const text = asText(Object.prototype.hasOwnProperty.call(given, key) ? given[key] : undefined).trim();
    out[key] = text;
    if (!text) {
      if (v.require) issues.push({ key, kind: 'required', message: TEMPLATE_REQUIRED_MESSAGE });
      continue;
    }
    const max = TEMPLATE_VALUE_MAX[v.form_type] ?? TEMPLATE_VALUE_MAX.input_text;
    if (charCount(text) > max) {
      issues.push({ key, kind: 'length', message: `${v.name}最多${max}个字`, max });
      continue;
    }
    if (v.form_type === 'input_number') {
      const n = Number(text);
      if (!Number.isFinite(n)) {
        issues.push({ key, kind: 'number', message: `${v.name}请输入数字` });
        continue;
      }
      if (typeof v.limit_min === 'number' && n < v.limit_min) {
        issues.push({ key, kind: 'min', message: templateMinMessage(v.limit_min), min: v.limit_min });
        continue;
      }
      out[key] = String(n);
    } else if (v.form_type === 'select') {
      if (!(v.select_values ?? []).includes(text)) issues.push({ key, kind: 'select', message: `请从列表中选择${v.name}` });
    }
  }
  return { values: out, issues };
}

/** Every `{{…}}` in a prompt, whatever is inside. */
export const TEMPLATE_PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** The keys a prompt uses, in order of first use. */
export function promptKeys(prompt: string): string[] {
  return [...new Set([...prompt.matchAll(TEMPLATE_PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * The prompt with each `{{key}}` replaced by its value, in one pass: a value that itself
 * contains `{{…}}` is inserted as typed, never expanded.
 */
export function fillTemplatePrompt(prompt: string, values: Record<string, string>): string {
  return prompt.replace(TEMPLATE_PLACEHOLDER, (whole, key: string) => (Object.prototype.hasOwnProperty.call(values, key) ? values[key]! : whole));
}

// ───────────────────────── a user's own template app ─────────────────────────

export const CUSTOM_APP_LIMITS = {
  title: 30,
  description: 200,
  prompt: 8000,
  variables: 10,
  variableName: 20,
  placeholder: 100,
  tip: 100,
  selectValues: 20,
  selectValue: 50,
  /** Custom apps one user may keep. */
  perUser: 50,
} as const;

/** A variable key: a letter, then letters, digits or underscores (at most 32). */
export const VARIABLE_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

export interface CustomAppInput {
  title: string;
  description: string;
  prompt: string;
  variables: Record<string, unknown>;
}

export interface CustomAppIssue {
  /** `title`, `prompt`, `variables.<key>.<field>` … */
  path: string;
  message: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a user's own template app as the catalogue's templates are checked: variable keys,
 * names, form types, a numeric limit_min, non-empty distinct select values, every `{{var}}`
 * of the prompt declared and every declared variable used. Returns the issues (empty when
 * valid) and the variables cleaned up (fields that do not apply to a form type dropped).
 */
export function checkCustomApp(input: CustomAppInput): { issues: CustomAppIssue[]; variables: TemplateVariables } {
  const L = CUSTOM_APP_LIMITS;
  const issues: CustomAppIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const title = (input.title ?? '').trim();
  const prompt = (input.prompt ?? '').trim();
  if (!title) add('title', '请输入应用名称');
  else if (charCount(title) > L.title) add('title', `应用名称最多${L.title}个字`);
  if (charCount((input.description ?? '').trim()) > L.description) add('description', `应用简介最多${L.description}个字`);
  if (!prompt) add('prompt', '请输入提示词');
  else if (charCount(prompt) > L.prompt) add('prompt', `提示词最多${L.prompt}个字`);

  const variables: TemplateVariables = {};
  const raw = isRecord(input.variables) ? input.variables : {};
  if (!isRecord(input.variables) && input.variables !== undefined) add('variables', '变量格式不正确');
  const keys = Object.keys(raw);
  if (keys.length > L.variables) add('variables', `最多添加${L.variables}个变量`);
  for (const key of keys.slice(0, L.variables)) {
    const at = `variables.${key}`;
    if (!VARIABLE_KEY_PATTERN.test(key)) {
      add(at, `变量名「${key}」无效：以字母开头，只含字母、数字和下划线，最长32位`);
      continue;
    }
    const v = raw[key];
    if (!isRecord(v)) {
      add(at, `变量「${key}」格式不正确`);
      continue;
    }
    const name = typeof v.name === 'string' ? v.name.trim() : '';
    if (!name) add(`${at}.name`, `请填写变量「${key}」的显示名称`);
    else if (charCount(name) > L.variableName) add(`${at}.name`, `变量显示名称最多${L.variableName}个字`);
    const formType = v.form_type;
    if (typeof formType !== 'string' || !(FORM_TYPES as readonly string[]).includes(formType)) {
      add(`${at}.form_type`, `变量「${key}」的表单类型无效`);
      continue;
    }
    const text = (field: 'placeholder' | 'tip', max: number) => {
      const s = v[field] === undefined || v[field] === null ? '' : v[field];
      if (typeof s !== 'string') {
        add(`${at}.${field}`, `变量「${key}」的${field === 'tip' ? '提示' : '占位文字'}格式不正确`);
        return '';
      }
      if (charCount(s.trim()) > max) add(`${at}.${field}`, `${field === 'tip' ? '提示' : '占位文字'}最多${max}个字`);
      return s.trim();
    };
    const out: TemplateVariable = {
      name,
      form_type: formType as FormType,
      placeholder: text('placeholder', L.placeholder),
      tip: text('tip', L.tip),
      require: v.require === true || v.require === 1 || v.require === 'true',
    };
    if (formType === 'input_number' && v.limit_min !== undefined && v.limit_min !== null && v.limit_min !== '') {
      const n = typeof v.limit_min === 'number' ? v.limit_min : typeof v.limit_min === 'string' ? Number(v.limit_min.trim()) : NaN;
      if (!Number.isFinite(n) || Math.abs(n) > 1e9) add(`${at}.limit_min`, `变量「${key}」的最小值必须是数字`);
      else out.limit_min = n;
    }
    if (formType === 'select') {
      const list = Array.isArray(v.select_values) ? v.select_values : null;
      const values = (list ?? []).map((s) => (typeof s === 'string' ? s.trim() : ''));
      if (!list || !values.length) add(`${at}.select_values`, `请为变量「${key}」添加至少一个选项`);
      else if (values.some((s) => !s)) add(`${at}.select_values`, `变量「${key}」的选项不能为空`);
      else if (values.length > L.selectValues) add(`${at}.select_values`, `每个变量最多${L.selectValues}个选项`);
      else if (values.some((s) => charCount(s) > L.selectValue)) add(`${at}.select_values`, `每个选项最多${L.selectValue}个字`);
      else if (new Set(values).size !== values.length) add(`${at}.select_values`, `变量「${key}」的选项不能重复`);
      out.select_values = values;
    }
    variables[key] = out;
  }

  if (prompt) {
    const used = promptKeys(prompt);
    for (const u of used) {
      if (!Object.prototype.hasOwnProperty.call(raw, u)) add('prompt', `提示词中的 {{${u}}} 没有对应的变量，请添加该变量或删除它`);
    }
    for (const k of keys) {
      if (VARIABLE_KEY_PATTERN.test(k) && !used.includes(k)) add(`variables.${k}`, `变量「${k}」没有在提示词中使用，请在提示词中写入 {{${k}}}`);
    }
  }
  return { issues, variables };
}
