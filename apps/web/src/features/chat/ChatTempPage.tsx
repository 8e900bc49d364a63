import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { applyNumberMinimum, initialTemplateValues, templateFields, validateTemplateForm, type TemplateValues } from '../../lib/template-form.ts';
import { fetchTemplateInfo, fetchTemplateMenu, type TemplateInfo } from './api.ts';
import { AppChatShell } from './components/AppChatShell.tsx';
import { AppMenu } from './components/AppMenu.tsx';
import { IntroCard, PickPrompt } from './components/AppIntro.tsx';
import { TemplateForm } from './components/TemplateForm.tsx';
import { sendMessage } from './controller/turns.ts';
import { useMenuSelection } from './hooks/useMenuSelection.ts';
import { useRemote } from './hooks/useRemote.ts';
import { useAppIdQuery } from '../../lib/useAppIdQuery.ts';
import { useChat } from './stores/chat-store.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** The values each template group was generated with in this tab (the server keeps them too: Group.variable). */
const sentValues = new Map<number, TemplateValues>();

/** What the user's bubble of the first turn shows: the filled-in fields. */
function describeValues(info: TemplateInfo, values: TemplateValues) {
  const lines = templateFields(info.template_variable)
    .filter((f) => values[f.key])
    .map((f) => `${f.name}：${values[f.key]}`);
  return [info.title, ...lines].join('\n');
}

/** /talk-temp: template application chat (SPEC §2.7, §5). */
export default function ChatTempPage() {
  const { t } = useTranslation('chat');
  const menu = useRemote('templates', fetchTemplateMenu);
  const categories = useMemo(() => menu.data?.map((c) => ({ id: c.id, name: c.name, entries: c.templates ?? [] })) ?? null, [menu.data]);
  const firstId = categories?.flatMap((c) => c.entries)[0]?.id ?? null;
  const { selectedId, pick } = useMenuSelection('templateId', firstId);
  useAppIdQuery({ kind: 'template', open: (id) => void pick(id) });
  const detail = useRemote(selectedId, () => fetchTemplateInfo(selectedId!));
  const info = detail.data;

  const active = useChat((s) => s.active);
  const savedVariable = useChat((s) => s.groupList.find((g) => g.uuid === s.active)?.variable);
  const count = useChat((s) => (s.listOf === s.active ? s.chatList.length : 0));
  const generating = useChat((s) => s.generating);
  const historyLoading = useChat((s) => s.historyLoading === s.active);
  // SPEC §4.2: after two messages the model picker and the variables are disabled, the input appears.
  const locked = count >= 2;

  // SPEC §3 chat meta: the template of the active group and the values it was generated with.
  const sentVariable = sentValues.get(active) ?? savedVariable ?? null;
  useEffect(() => {
    useChat.setState({ chatMeta: info ? { title: info.title, template_variable: info.template_variable, variable: sentVariable } : null });
  }, [info, sentVariable]);

  const [values, setValues] = useState<TemplateValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formFor, setFormFor] = useState('');
  const formKey = `${info?.id ?? ''}:${active}`;
  if (info && formFor !== formKey) {
    // Our own new group just got its uuid: the form keeps what it was generated with.
    const promoted = formFor === `${info.id}:0` && active !== 0 && generating;
    setFormFor(formKey);
    if (promoted) sentValues.set(active, values);
    else {
      setValues(sentValues.get(active) ?? { ...initialTemplateValues(info.template_variable), ...savedVariable });
      setErrors({});
    }
  }

  const change = (key: string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!e[key]) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  };

  const numberBlur = (key: string) => {
    const variable = info?.template_variable[key];
    if (!variable) return;
    const { value, message } = applyNumberMinimum(variable, values[key] ?? '');
    if (!message) return;
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: message }));
    toast.error(message);
  };

  const generate = async () => {
    if (!info || generating) return;
    const result = validateTemplateForm(info.template_variable, values);
    if (!result.ok) {
      setErrors(result.errors);
      if (Object.keys(result.resets).length) setValues((v) => ({ ...v, ...result.resets }));
      if (result.message) toast.error(result.message);
      if (result.firstKey) document.getElementById(`tv-${result.firstKey}`)?.focus();
      return;
    }
    if (!useSession.getState().token) {
      useSession.getState().openLogin();
      return;
    }
    setErrors({});
    const onRejected = (e: unknown) => {
      // The server checks the form too: 400 with data.field `variable.<key>`.
      const field = e instanceof ApiError ? (e.data as { field?: unknown } | null)?.field : undefined;
      if (typeof field === 'string' && field.startsWith('variable.')) setErrors({ [field.slice('variable.'.length)]: (e as ApiError).message });
    };
    const display = describeValues(info, result.values);
    const sent = await sendMessage('', [], { type: 3, temp_id: info.id, variable: result.values, display, onRejected });
    const uuid = useChat.getState().active;
    if (sent && uuid !== 0) {
      sentValues.set(uuid, result.values);
      useChat.setState({ chatMeta: { title: info.title, template_variable: info.template_variable, variable: result.values } });
    }
  };

  // A finished conversation shows the form it was made with when that is known (this tab, or the server).
  const showForm = info && (!locked || sentValues.has(active) || !!savedVariable);
  const intro =
    selectedId === null ? (
      categories ? <PickPrompt text={t('pickTemplate')} button={t('openMenu')} /> : null
    ) : detail.error ? (
      <p className="px-4 py-16 text-center text-sm text-neutral-400">{t('detailFailed')}</p>
    ) : !info || (historyLoading && count === 0 && active !== 0) ? null : (
      <div className="mx-auto w-full max-w-3xl px-3 pt-5 md:px-6 md:pt-8">
        <div className="rounded-2xl border border-neutral-200/80 bg-white p-4 shadow-xs md:p-5 dark:border-neutral-800 dark:bg-neutral-900/60">
          <IntroCard icon={info.icon} title={info.title} description={info.description} />
          {showForm && (
            <div className="mt-4 border-t border-neutral-100 pt-4 dark:border-neutral-800">
              <TemplateForm
                variables={info.template_variable}
                values={values}
                errors={errors}
                disabled={locked || generating}
                busy={generating}
                onChange={change}
                onNumberBlur={numberBlur}
                onSubmit={() => void generate()}
              />
            </div>
          )}
          {locked && <p className="mt-3 text-xs text-neutral-400">{t('formLocked')}</p>}
        </div>
      </div>
    );

  return (
    <AppChatShell
      type={3}
      menuLabel={t('tabTemplates')}
      menu={(picked) => (
        <AppMenu
          categories={categories}
          error={menu.error}
          onRetry={menu.reload}
          selectedId={selectedId}
          onPick={(id) => {
            picked();
            void pick(id);
          }}
        />
      )}
      intro={intro}
      composer={locked}
      lockModel={locked}
      newTitle={info?.title}
    />
  );
}
