import { Sparkles } from 'lucide-react';
import { templateFields, templateValueMax, type TemplateValues, type TemplateVariables } from '../../../lib/template-form.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  variables: TemplateVariables;
  values: TemplateValues;
  errors: Record<string, string>;
  disabled: boolean;
  busy: boolean;
  onChange(key: string, value: string): void;
  onNumberBlur(key: string): void;
  onSubmit(): void;
}

const fieldClass =
  'w-full rounded-lg border bg-white px-3 text-sm text-neutral-900 outline-none transition-colors placeholder:text-neutral-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 disabled:cursor-not-allowed disabled:bg-neutral-50 disabled:text-neutral-500 dark:bg-neutral-900 dark:text-neutral-100 dark:disabled:bg-neutral-900/60';

/** SPEC §2.7 / §5 template form: one control per variable (text, textarea, number, select) and 生成内容. */
export function TemplateForm({ variables, values, errors, disabled, busy, onChange, onNumberBlur, onSubmit }: Props) {
  const { t } = useTranslation('chat');
  const fields = templateFields(variables);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-4"
    >
      {fields.map((f) => {
        const id = `tv-${f.key}`;
        const error = errors[f.key];
        const border = error ? 'border-red-400 dark:border-red-500' : 'border-neutral-200 dark:border-neutral-700';
        const common = {
          id,
          name: f.key,
          disabled,
          'aria-invalid': error ? true : undefined,
          'aria-required': f.require || undefined,
          'aria-describedby': [f.tip ? `${id}-tip` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
        };
        return (
          <div key={f.key} className="flex flex-col gap-1.5">
            <label htmlFor={id} className="flex items-center gap-1 text-[13.5px] font-medium text-neutral-700 dark:text-neutral-200">
              {f.require && (
                <span className="text-red-500" aria-hidden title={t('required')}>
                  *
                </span>
              )}
              {f.name}
            </label>
            {f.form_type === 'input_textarea' ? (
              <textarea
                {...common}
                rows={4}
                value={values[f.key] ?? ''}
                maxLength={templateValueMax(f)}
                placeholder={f.placeholder}
                onChange={(e) => onChange(f.key, e.target.value)}
                className={`${fieldClass} ${border} resize-y py-2 leading-6`}
              />
            ) : f.form_type === 'select' ? (
              <select {...common} value={values[f.key] ?? ''} onChange={(e) => onChange(f.key, e.target.value)} className={`${fieldClass} ${border} h-10`}>
                <option value="">{f.placeholder || t('selectPlaceholder')}</option>
                {(f.select_values ?? []).map((v) => (
                  <option key={String(v)} value={String(v)}>
                    {String(v)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={f.form_type === 'input_number' ? 'number' : 'text'}
                inputMode={f.form_type === 'input_number' ? 'decimal' : undefined}
                min={f.form_type === 'input_number' ? f.limit_min : undefined}
                value={values[f.key] ?? ''}
                maxLength={f.form_type === 'input_number' ? undefined : templateValueMax(f)}
                placeholder={f.placeholder}
                onChange={(e) => onChange(f.key, e.target.value)}
                onBlur={f.form_type === 'input_number' ? () => onNumberBlur(f.key) : undefined}
                className={`${fieldClass} ${border} h-10`}
              />
            )}
            {f.tip && (
              <p id={`${id}-tip`} className="text-xs text-neutral-400 dark:text-neutral-500">
                {f.tip}
              </p>
            )}
            {error && (
              <p id={`${id}-error`} className="text-xs text-red-500">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {(!disabled || busy) && (
        <button
          type="submit"
          disabled={busy}
          className="inline-flex h-10 items-center justify-center gap-1.5 self-stretch rounded-lg bg-blue-600 px-6 text-sm font-medium text-white transition-colors hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-60 sm:self-start"
        >
          <Sparkles className="size-4" aria-hidden />
          {t('generate')}
        </button>
      )}
    </form>
  );
}
