import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Braces, LoaderCircle, Plus, Trash2 } from 'lucide-react';
import { clsx } from 'clsx';
import { CUSTOM_APP_LIMITS, FORM_TYPES, type FormType } from '@app/shared/template-form';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { ApiError, toastError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateCustomApp } from '../api.ts';
import {
  draftToBody,
  hasErrors,
  insertToken,
  newVariable,
  placeIssue,
  validateDraft,
  type AppDraft,
  type DraftErrors,
  type VariableDraft,
} from '../logic/custom-app-form.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  open: boolean;
  onClose(): void;
  onCreated(): void;
}

const EMPTY: AppDraft = { title: '', description: '', prompt: '', variables: [] };
const NO_ERRORS: DraftErrors = { rows: {}, first: null };

const inputClass = (error?: string) =>
  clsx(
    'w-full rounded-xl border bg-white px-3 text-[15px] text-neutral-900 outline-none transition-colors placeholder:text-neutral-400 focus:ring-3 md:text-sm dark:bg-neutral-800/60 dark:text-neutral-100 dark:placeholder:text-neutral-500',
    error
      ? 'border-red-400 focus:ring-red-500/15 dark:border-red-500/70'
      : 'border-neutral-200 focus:border-primary focus:ring-primary/15 dark:border-neutral-700 dark:focus:border-indigo-400',
  );

function Field({ id, label, error, hint, children, className }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-neutral-700 dark:text-neutral-300">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="px-0.5 pt-1 text-xs leading-5 text-red-500 dark:text-red-400">
          {error}
        </p>
      ) : (
        hint && <p className="px-0.5 pt-1 text-xs leading-5 text-neutral-400 dark:text-neutral-500">{hint}</p>
      )}
    </div>
  );
}

/** "Create my app": title, description, a prompt with {{key}} slots, and the variables that fill them. */
export function CreateAppDialog(props: Props) {
  // Mounted only while open, so every opening starts from an empty form.
  return props.open ? <CreateAppModal {...props} /> : null;
}

const FORM_ID = 'create-app-form';

function CreateAppModal({ onClose, onCreated }: Props) {
  const { t } = useTranslation('apps');
  const [draft, setDraft] = useState<AppDraft>(EMPTY);
  const [errors, setErrors] = useState<DraftErrors>(NO_ERRORS);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const create = useCreateCustomApp();

  const set = (patch: Partial<AppDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setVar = (uid: number, patch: Partial<VariableDraft>) =>
    setDraft((d) => ({ ...d, variables: d.variables.map((v) => (v.uid === uid ? { ...v, ...patch } : v)) }));

  const insert = (key: string) => {
    const el = promptRef.current;
    const { text, cursor } = insertToken(draft.prompt, key, el?.selectionStart, el?.selectionEnd);
    set({ prompt: text });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(cursor, cursor);
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const found = validateDraft(draft);
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await create.mutateAsync(draftToBody(draft));
      toast.success(t('toast.created'));
      onCreated();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const field = (err.data as { field?: string } | null)?.field;
      if (field) {
        const placed: DraftErrors = { rows: {}, first: null };
        placeIssue(placed, draft, field, err.message);
        setErrors(placed);
      } else if (err.status !== 401) {
        toastError(err.message);
      }
    }
  };

  const promptPh = t('create.promptPlaceholder', { topic: '{{topic}}', num: '{{num}}', style: '{{style}}' });

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('create.title')}
      description={t('create.description', { ph: `{{${t('create.varToken')}}}` })}
      widthClass="md:w-[680px]"
      footer={
        <>
          <p className="hidden text-xs text-neutral-400 md:mr-auto md:block md:self-center dark:text-neutral-500">{t('create.limitHint')}</p>
          <button type="button" className={modalButton.secondary} onClick={onClose}>
            {t('create.cancel')}
          </button>
          <button type="submit" form={FORM_ID} className={clsx(modalButton.primary, 'gap-1.5 disabled:opacity-70')} disabled={create.isPending}>
            {create.isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
            {create.isPending ? t('create.submitting') : t('create.submit')}
          </button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3.5 pb-1">
        <div className="grid gap-3.5 md:grid-cols-2">
          <Field id="app-title" label={t('create.name')} error={errors.title}>
            <input
              id="app-title"
              value={draft.title}
              onChange={(e) => set({ title: e.target.value })}
              placeholder={t('create.namePlaceholder')}
              maxLength={CUSTOM_APP_LIMITS.title}
              aria-invalid={!!errors.title}
              className={clsx(inputClass(errors.title), 'h-10')}
            />
          </Field>
          <Field id="app-description" label={t('create.intro')} error={errors.description}>
            <input
              id="app-description"
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
              placeholder={t('create.introPlaceholder')}
              maxLength={CUSTOM_APP_LIMITS.description}
              aria-invalid={!!errors.description}
              className={clsx(inputClass(errors.description), 'h-10')}
            />
          </Field>
        </div>
        <Field id="app-prompt" label={t('create.prompt')} error={errors.prompt} hint={t('create.promptHint', { ph: `{{${t('create.varToken')}}}` })}>
          <textarea
            id="app-prompt"
            ref={promptRef}
            value={draft.prompt}
            onChange={(e) => set({ prompt: e.target.value })}
            placeholder={promptPh}
            rows={5}
            maxLength={CUSTOM_APP_LIMITS.prompt}
            aria-invalid={!!errors.prompt}
            className={clsx(inputClass(errors.prompt), 'block min-h-28 resize-y py-2 leading-6')}
          />
        </Field>

        <section aria-labelledby="app-vars-title">
          <div className="mb-2 flex items-end justify-between gap-3">
            <div>
              <h3 id="app-vars-title" className="text-[13px] font-medium text-neutral-700 dark:text-neutral-300">
                {t('create.variables')}
                <span className="ml-1 font-normal text-neutral-400">
                  {draft.variables.length}/{CUSTOM_APP_LIMITS.variables}
                </span>
              </h3>
              <p className="text-xs leading-5 text-neutral-400 dark:text-neutral-500">{t('create.variablesHint')}</p>
            </div>
            <button
              type="button"
              onClick={() => set({ variables: [...draft.variables, newVariable(draft.variables)] })}
              disabled={draft.variables.length >= CUSTOM_APP_LIMITS.variables}
              className="inline-flex h-8 shrink-0 items-center gap-1 rounded-lg px-2.5 text-[13px] font-medium text-primary-fg transition-colors hover:bg-primary-soft disabled:opacity-50"
            >
              <Plus className="size-4" aria-hidden />
              {t('create.addVariable')}
            </button>
          </div>
          {errors.variables && (
            <p role="alert" className="mb-2 text-xs leading-5 text-red-500 dark:text-red-400">
              {errors.variables}
            </p>
          )}
          {draft.variables.length === 0 ? (
            <p className="rounded-xl border border-dashed border-neutral-200 px-4 py-5 text-center text-[13px] leading-6 text-neutral-400 dark:border-neutral-700 dark:text-neutral-500">
              {t('create.noVariables')}
            </p>
          ) : (
            <ol className="flex flex-col gap-2.5">
              {draft.variables.map((v) => (
                <VariableRow
                  key={v.uid}
                  v={v}
                  errors={errors.rows[v.uid]}
                  onChange={(patch) => setVar(v.uid, patch)}
                  onInsert={() => insert(v.key.trim())}
                  onRemove={() => set({ variables: draft.variables.filter((x) => x.uid !== v.uid) })}
                />
              ))}
            </ol>
          )}
        </section>

      </form>
    </Modal>
  );
}

function VariableRow({
  v,
  errors,
  onChange,
  onInsert,
  onRemove,
}: {
  v: VariableDraft;
  errors?: DraftErrors['rows'][number];
  onChange(patch: Partial<VariableDraft>): void;
  onInsert(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation('apps');
  const id = (f: string) => `var-${v.uid}-${f}`;
  const key = v.key.trim() || '…';
  return (
    <li className={clsx('rounded-xl border p-3', errors ? 'border-red-200 dark:border-red-500/30' : 'border-neutral-200/80 dark:border-neutral-700/80')}>
      <div className="grid grid-cols-2 gap-2.5 md:grid-cols-[1fr_1fr_9rem]">
        <Field id={id('key')} label={t('create.key')} error={errors?.key}>
          <input
            id={id('key')}
            value={v.key}
            onChange={(e) => onChange({ key: e.target.value.replace(/\s/g, '') })}
            placeholder={t('create.keyPlaceholder')}
            maxLength={32}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            className={clsx(inputClass(errors?.key), 'h-9 font-mono')}
          />
        </Field>
        <Field id={id('name')} label={t('create.label')} error={errors?.name}>
          <input
            id={id('name')}
            value={v.name}
            onChange={(e) => onChange({ name: e.target.value })}
            placeholder={t('create.labelPlaceholder')}
            maxLength={CUSTOM_APP_LIMITS.variableName}
            className={clsx(inputClass(errors?.name), 'h-9')}
          />
        </Field>
        <Field id={id('type')} label={t('create.formType')} error={errors?.form_type} className="col-span-2 md:col-span-1">
          <select
            id={id('type')}
            value={v.form_type}
            onChange={(e) => onChange({ form_type: e.target.value as FormType })}
            className={clsx(inputClass(errors?.form_type), 'h-9 pr-8')}
          >
            {FORM_TYPES.map((f) => (
              <option key={f} value={f}>
                {t(`create.types.${f}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('placeholder')} label={t('create.placeholder')}>
          <input
            id={id('placeholder')}
            value={v.placeholder}
            onChange={(e) => onChange({ placeholder: e.target.value })}
            placeholder={t('create.placeholderPlaceholder')}
            maxLength={CUSTOM_APP_LIMITS.placeholder}
            className={clsx(inputClass(), 'h-9')}
          />
        </Field>
        <Field id={id('tip')} label={t('create.tip')} className="md:col-span-2">
          <input
            id={id('tip')}
            value={v.tip}
            onChange={(e) => onChange({ tip: e.target.value })}
            placeholder={t('create.tipPlaceholder')}
            maxLength={CUSTOM_APP_LIMITS.tip}
            className={clsx(inputClass(), 'h-9')}
          />
        </Field>
        {v.form_type === 'input_number' && (
          <Field id={id('min')} label={t('create.min')} error={errors?.limit_min}>
            <input
              id={id('min')}
              value={v.limit_min}
              onChange={(e) => onChange({ limit_min: e.target.value })}
              placeholder={t('create.minPlaceholder')}
              inputMode="decimal"
              maxLength={12}
              className={clsx(inputClass(errors?.limit_min), 'h-9')}
            />
          </Field>
        )}
        {v.form_type === 'select' && (
          <Field id={id('options')} label={t('create.options')} error={errors?.options} className="col-span-2 md:col-span-3">
            <textarea
              id={id('options')}
              value={v.options}
              onChange={(e) => onChange({ options: e.target.value })}
              placeholder={t('create.optionsPlaceholder')}
              rows={3}
              className={clsx(inputClass(errors?.options), 'block resize-y py-1.5 leading-6')}
            />
          </Field>
        )}
      </div>
      <div className="mt-2.5 flex items-center gap-1">
        <label className="mr-auto inline-flex cursor-pointer items-center gap-2 text-[13px] text-neutral-600 dark:text-neutral-300">
          <input type="checkbox" checked={v.require} onChange={(e) => onChange({ require: e.target.checked })} className="size-4 accent-[var(--color-primary)]" />
          {t('create.required')}
        </label>
        <button
          type="button"
          onClick={onInsert}
          disabled={!v.key.trim()}
          aria-label={t('create.insertLabel', { key: `{{${key}}}` })}
          className="inline-flex h-8 items-center gap-1 rounded-lg px-2.5 text-[13px] text-primary-fg transition-colors hover:bg-primary-soft disabled:opacity-50"
        >
          <Braces className="size-3.5" aria-hidden />
          {t('create.insert')}
        </button>
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('create.removeLabel', { key })}
          className="inline-flex size-8 items-center justify-center rounded-lg text-neutral-400 transition-colors hover:bg-red-50 hover:text-red-500 dark:hover:bg-red-500/10 dark:hover:text-red-400"
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      </div>
    </li>
  );
}
