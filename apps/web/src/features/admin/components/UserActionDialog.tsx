import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail, CreditKind } from '@app/shared';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ep } from '../api.ts';
import { fromLocalInput, toLocalInput } from '../format.ts';
import { Field, input } from './ui.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export type UserAction = 'adjust' | 'membership' | 'ban' | 'unban' | 'password' | 'revoke';

const KINDS: CreditKind[] = ['model3', 'model4', 'draw', 'ppt'];

/** One admin action on a user, with its reason (written to the audit log); the server checks every value. */
export function UserActionDialog({ action, user, onClose }: { action: UserAction | null; user: AdminUserDetail; onClose(): void }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const id = user.user.id;
  const [reason, setReason] = useState('');
  const [pool, setPool] = useState<'base' | 'member'>('base');
  const [kind, setKind] = useState<CreditKind>('model3');
  const [delta, setDelta] = useState('');
  const [expires, setExpires] = useState(() => toLocalInput(user.balance.memberExpiresAt));
  const [endNow, setEndNow] = useState(false);
  const [password, setPassword] = useState('');

  const run = useMutation({
    mutationFn: async () => {
      const params = { id };
      switch (action) {
        case 'adjust':
          return callRoute(ep.userCredits, { pool, kind, delta: Number(delta), reason }, { params });
        case 'membership':
          return callRoute(ep.userMembership, { expiresAt: endNow ? null : fromLocalInput(expires), reason }, { params });
        case 'ban':
        case 'unban':
          return callRoute(ep.userStatus, { banned: action === 'ban', reason }, { params });
        case 'password':
          return callRoute(ep.userPassword, { password, reason }, { params });
        default:
          return callRoute(ep.userRevoke, { reason }, { params });
      }
    },
    onSuccess: async () => {
      toast.success(t('detail.done'));
      await qc.invalidateQueries({ queryKey: ['admin'] });
      setReason('');
      setDelta('');
      setPassword('');
      onClose();
    },
  });

  if (!action) return null;
  const titles: Record<UserAction, string> = {
    adjust: t('detail.adjust'),
    membership: t('detail.membership'),
    ban: t('detail.ban'),
    unban: t('detail.unban'),
    password: t('detail.resetPassword'),
    revoke: t('detail.revoke'),
  };
  const hints: Partial<Record<UserAction, string>> = { ban: t('detail.banHint'), unban: t('detail.unbanHint'), revoke: t('detail.revokeHint'), password: t('detail.passwordHint') };
  const danger = action === 'ban' || action === 'revoke' || action === 'password';

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={`${titles[action]} · ${user.user.nickname}`}
      description={hints[action]}
      footer={
        <>
          <button type="button" className={modalButton.secondary} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="admin-user-action" className={danger ? modalButton.danger : modalButton.primary} disabled={run.isPending}>
            {run.isPending ? t('common.saving') : t('common.confirm')}
          </button>
        </>
      }
    >
      <form
        id="admin-user-action"
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          run.mutate();
        }}
      >
        {action === 'adjust' && (
          <>
            <div className="grid grid-cols-2 gap-3">
              <Field label={t('detail.pool')} htmlFor="act-pool">
                <select id="act-pool" className={input} value={pool} onChange={(e) => setPool(e.target.value as 'base' | 'member')}>
                  <option value="base">{t('detail.base')}</option>
                  <option value="member">{t('detail.memberPool')}</option>
                </select>
              </Field>
              <Field label={t('detail.type')} htmlFor="act-kind">
                <select id="act-kind" className={input} value={kind} onChange={(e) => setKind(e.target.value as CreditKind)}>
                  {KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`pools.${k}`)} ({user.balance[pool][k]})
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <Field label={t('detail.delta')} htmlFor="act-delta">
              <input id="act-delta" className={input} type="number" step={1} required value={delta} onChange={(e) => setDelta(e.target.value)} />
            </Field>
          </>
        )}
        {action === 'membership' && (
          <>
            <Field label={t('detail.expiresAt')} htmlFor="act-expires">
              <input id="act-expires" className={input} type="datetime-local" disabled={endNow} required={!endNow} value={expires} onChange={(e) => setExpires(e.target.value)} />
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={endNow} onChange={(e) => setEndNow(e.target.checked)} />
              {t('detail.endMembership')}
            </label>
          </>
        )}
        {action === 'password' && (
          <Field label={t('detail.password')} htmlFor="act-password">
            <input id="act-password" className={input} type="password" autoComplete="new-password" required minLength={6} maxLength={64} value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
        )}
        <Field label={t('common.reason')} htmlFor="act-reason" hint={t('common.reasonHint')}>
          <input id="act-reason" className={input} required maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </form>
    </Modal>
  );
}
