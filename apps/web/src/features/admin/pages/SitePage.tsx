import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MoveUp, CirclePlus, CircleX, MoveDown } from 'lucide-react';
import type { AdminMenuItem, AdminNotice, AdminSettings, AdminSiteReply } from '@app/shared';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ep } from '../api.ts';
import { btn, Card, Field, input, PageTitle, Toggle } from '../components/ui.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

type Key = keyof AdminSettings;
type Kind = 'text' | 'flag' | 'count' | 'loginWay' | 'payWay';

/** Every setting, grouped as the form shows them, with its control. */
const GROUPS: { group: string; fields: [Key, Kind][] }[] = [
  {
    group: 'basic',
    fields: [
      ['siteName', 'text'], ['siteRobotName', 'text'], ['robotAvatar', 'text'], ['companyName', 'text'], ['filingNumber', 'text'],
      ['clientHomePath', 'text'], ['clientFavoIconPath', 'text'], ['baiduCode', 'text'], ['customerServiceQrcode', 'text'], ['isAutoOpenNotice', 'flag'],
    ],
  },
  { group: 'login', fields: [['loginWay', 'loginWay'], ['phoneRegisterStatus', 'flag'], ['wechatRegisterStatus', 'flag'], ['emailRegisterStatus', 'flag'], ['wechatSilentLoginStatus', 'flag']] },
  {
    group: 'rewards',
    fields: [
      ['registerSendStatus', 'flag'], ['registerSendModel3Count', 'count'], ['registerSendModel4Count', 'count'], ['registerSendDrawMjCount', 'count'],
      ['signInStatus', 'flag'], ['signInModel3Count', 'count'], ['signInModel4Count', 'count'], ['signInMjDrawToken', 'count'],
    ],
  },
  {
    group: 'invite',
    fields: [
      ['inviteRewardStatus', 'flag'], ['inviterRewardModel3Count', 'count'], ['inviterRewardModel4Count', 'count'], ['inviterRewardDrawCount', 'count'],
      ['inviteeRewardModel3Count', 'count'], ['inviteeRewardModel4Count', 'count'], ['inviteeRewardDrawCount', 'count'], ['inviteRewardDailyLimit', 'count'],
    ],
  },
  {
    group: 'pay',
    fields: [
      ['payWay', 'payWay'], ['payWechatStatus', 'flag'], ['payEpayStatus', 'flag'], ['payMpayStatus', 'flag'], ['payHupiStatus', 'flag'],
      ['payEpayChannel', 'text'], ['payMpayChannel', 'text'], ['payEpayApiPayUrl', 'text'],
    ],
  },
  { group: 'legal', fields: [['registerProtocolTitle', 'text'], ['registerProtocolUrl', 'text'], ['copyright', 'text']] },
];
const LOGIN_WAYS = ['all', 'mobile', 'wechat', 'other'] as const;
const PAY_WAYS = [['ali,wx', 'both'], ['ali', 'ali'], ['wx', 'wx'], ['', 'none']] as const;

function SettingsForm({ initial }: { initial: AdminSettings }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [form, setForm] = useState(initial);
  const changed = (Object.keys(form) as Key[]).filter((k) => form[k] !== initial[k]);
  const save = useMutation({
    mutationFn: () => callRoute(ep.siteSettings, Object.fromEntries(changed.map((k) => [k, form[k]]))),
    onSuccess: (data) => {
      qc.setQueryData(['admin', 'site'], data);
      toast.success(t('common.saved'));
    },
  });
  const set = <K extends Key>(k: K, v: AdminSettings[K]) => setForm((f) => ({ ...f, [k]: v }));

  const control = (k: Key, kind: Kind) => {
    const id = `site-${k}`;
    const label = t(`site.fields.${k}`);
    if (kind === 'flag')
      return (
        <div key={k} className="flex items-center justify-between gap-3 rounded-lg border border-neutral-200 px-3 py-2 dark:border-neutral-800">
          <span className="text-sm font-medium text-neutral-700 dark:text-neutral-300" id={`${id}-label`}>{label}</span>
          <Toggle id={id} label={label} checked={form[k] === 1} onChange={(v) => set(k, (v ? 1 : 0) as never)} />
        </div>
      );
    return (
      <Field key={k} label={label} htmlFor={id}>
        {kind === 'loginWay' ? (
          <select id={id} className={input} value={form.loginWay} onChange={(e) => set('loginWay', e.target.value as AdminSettings['loginWay'])}>
            {LOGIN_WAYS.map((w) => <option key={w} value={w}>{t(`site.loginWays.${w}`)}</option>)}
          </select>
        ) : kind === 'payWay' ? (
          <select id={id} className={input} value={form.payWay} onChange={(e) => set('payWay', e.target.value as AdminSettings['payWay'])}>
            {PAY_WAYS.map(([v, name]) => <option key={name} value={v}>{t(`site.payWays.${name}`)}</option>)}
          </select>
        ) : kind === 'count' ? (
          <input id={id} className={input} type="number" min={0} step={1} value={String(form[k])} onChange={(e) => set(k, (e.target.value === '' ? 0 : Number(e.target.value)) as never)} />
        ) : (
          <input id={id} className={input} value={String(form[k])} onChange={(e) => set(k, e.target.value as never)} />
        )}
      </Field>
    );
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!changed.length) toast.info(t('site.nothingChanged'));
        else save.mutate();
      }}
    >
      {GROUPS.map((g) => (
        <Card key={g.group} title={t(`site.groups.${g.group}`)}>
          <div className="grid gap-3 md:grid-cols-2">{g.fields.map(([k, kind]) => control(k, kind))}</div>
        </Card>
      ))}
      <div className="sticky bottom-0 -mx-4 border-t border-neutral-200 bg-neutral-50/95 px-4 py-3 md:-mx-6 md:px-6 dark:border-neutral-800 dark:bg-neutral-950/95">
        <button type="submit" className={btn.primary} disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('site.saveSettings')}
        </button>
      </div>
    </form>
  );
}

function MenuEditor({ initial }: { initial: AdminMenuItem[] }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [items, setItems] = useState(initial);
  const save = useMutation({
    mutationFn: () => callRoute(ep.siteMenu, { items }),
    onSuccess: (data) => {
      qc.setQueryData(['admin', 'site'], data);
      toast.success(t('common.saved'));
    },
  });
  const patch = (i: number, p: Partial<AdminMenuItem>) => setItems((list) => list.map((m, j) => (j === i ? { ...m, ...p } : m)));
  const move = (i: number, by: number) =>
    setItems((list) => {
      const next = [...list];
      const [m] = next.splice(i, 1);
      next.splice(i + by, 0, m!);
      return next;
    });
  return (
    <Card title={t('site.menu.title')}>
      <p className="mb-3 text-sm text-neutral-600 dark:text-neutral-400">{t('site.menu.hint')}</p>
      <ol className="flex flex-col gap-2">
        {items.map((m, i) => (
          <li key={i} className="grid grid-cols-2 items-end gap-2 rounded-lg border border-neutral-200 p-2 md:grid-cols-[1fr_1fr_1fr_auto_auto_auto] dark:border-neutral-800">
            <Field label={t('site.menu.code')} htmlFor={`menu-code-${i}`}>
              <input id={`menu-code-${i}`} className={input} value={m.code} onChange={(e) => patch(i, { code: e.target.value })} />
            </Field>
            <Field label={t('site.menu.name')} htmlFor={`menu-name-${i}`}>
              <input id={`menu-name-${i}`} className={input} value={m.name} onChange={(e) => patch(i, { name: e.target.value })} />
            </Field>
            <Field label={t('site.menu.icon')} htmlFor={`menu-icon-${i}`}>
              <input id={`menu-icon-${i}`} className={input} value={m.icon} onChange={(e) => patch(i, { icon: e.target.value })} />
            </Field>
            <label className="flex items-center gap-1.5 pb-2 text-sm">
              <input type="checkbox" checked={m.mobile} onChange={(e) => patch(i, { mobile: e.target.checked })} />
              {t('site.menu.mobile')}
            </label>
            <label className="flex items-center gap-1.5 pb-2 text-sm">
              <input type="checkbox" checked={m.enabled} onChange={(e) => patch(i, { enabled: e.target.checked })} />
              {t('site.menu.enabled')}
            </label>
            <div className="flex pb-1">
              <button type="button" className={btn.icon} disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('site.menu.up', { name: m.name })}><MoveUp className="h-4 w-4" aria-hidden /></button>
              <button type="button" className={btn.icon} disabled={i === items.length - 1} onClick={() => move(i, 1)} aria-label={t('site.menu.down', { name: m.name })}><MoveDown className="h-4 w-4" aria-hidden /></button>
              <button type="button" className={btn.icon} onClick={() => setItems((l) => l.filter((_, j) => j !== i))} aria-label={t('site.menu.remove', { name: m.name })}><CircleX className="h-4 w-4" aria-hidden /></button>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={btn.secondary} onClick={() => setItems((l) => [...l, { code: '', name: '', icon: '', mobile: false, enabled: true }])}>
          <CirclePlus className="h-4 w-4" aria-hidden />
          {t('site.menu.add')}
        </button>
        <button type="button" className={btn.primary} disabled={save.isPending} onClick={() => save.mutate()}>
          {t('site.menu.save')}
        </button>
      </div>
    </Card>
  );
}

function NoticeEditor({ initial }: { initial: AdminNotice }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [notice, setNotice] = useState(initial);
  const save = useMutation({
    mutationFn: () => callRoute(ep.siteNotice, notice),
    onSuccess: (data) => {
      qc.setQueryData(['admin', 'site'], data);
      toast.success(t('common.saved'));
    },
  });
  return (
    <Card title={t('site.notice.title')}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Field label={t('site.notice.noticeTitle')} htmlFor="notice-title">
          <input id="notice-title" className={input} maxLength={100} value={notice.title} onChange={(e) => setNotice({ ...notice, title: e.target.value })} />
        </Field>
        <Field label={t('site.notice.content')} htmlFor="notice-content">
          <textarea id="notice-content" className={`${input} min-h-32`} maxLength={20000} value={notice.content} onChange={(e) => setNotice({ ...notice, content: e.target.value })} />
        </Field>
        <div className="flex items-center gap-3">
          <Toggle id="notice-enabled" label={t('site.notice.enabled')} checked={notice.enabled} onChange={(v) => setNotice({ ...notice, enabled: v })} />
          <span className="text-sm">{t('site.notice.enabled')}</span>
        </div>
        <div>
          <button type="submit" className={btn.primary} disabled={save.isPending}>{t('site.notice.save')}</button>
        </div>
      </form>
    </Card>
  );
}

export default function SitePage() {
  const { t } = useTranslation('admin');
  const site = useQuery<AdminSiteReply>({ queryKey: ['admin', 'site'], queryFn: () => callRoute(ep.site, undefined), staleTime: Infinity });
  const d = site.data;
  return (
    <>
      <PageTitle>{t('site.title')}</PageTitle>
      {d && (
        <div className="flex flex-col gap-4">
          <SettingsForm initial={d.settings} key={JSON.stringify(d.settings)} />
          <MenuEditor initial={d.menu} key={JSON.stringify(d.menu)} />
          <NoticeEditor initial={d.notice} key={JSON.stringify(d.notice)} />
        </div>
      )}
    </>
  );
}
