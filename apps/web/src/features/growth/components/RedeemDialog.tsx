import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Ticket } from 'lucide-react';
import { clsx } from 'clsx';
import type { CardGrant } from '@app/shared';
import { CARD_KEY_LENGTH, formatCardKey, normalizeCardKey } from '@app/shared/constants';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { fetchRedeemedCards, redeemCardKey } from '../api.ts';
import '../locales.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';

/** What a key granted, as one line ("会员 30 天 · 基础模型 500 次"). */
export function grantText(t: TFunction, g: CardGrant) {
  return [
    g.days > 0 && t('redeem.member', { count: g.days }),
    g.model3 > 0 && t('redeem.model3', { count: g.model3 }),
    g.model4 > 0 && t('redeem.model4', { count: g.model4 }),
    g.draw > 0 && t('redeem.draw', { count: g.draw }),
    g.ppt > 0 && t('redeem.ppt', { count: g.ppt }),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Card keys (卡密): type or paste a key, redeem it once, see what arrived and the keys redeemed before. */
export default function RedeemDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('growth');
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const history = useQuery({ queryKey: ['card-keys', 'mine'], queryFn: fetchRedeemedCards, enabled: open });
  const normalized = normalizeCardKey(code);

  const redeem = useMutation({
    mutationFn: () => redeemCardKey(normalized),
    onSuccess: async (r) => {
      setCode('');
      setResult(t('redeem.got', { items: grantText(t, r.grant) }));
      toast.success(t('redeem.success'));
      await Promise.all([qc.invalidateQueries({ queryKey: ['card-keys'] }), useSession.getState().loadUser().catch(() => {})]);
    },
    onError: (e) => {
      setResult(null);
      toast.error(e instanceof ApiError && e.message ? e.message : t('feedback.loadFailed'));
    },
  });

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={
        <span className="flex items-center gap-2">
          <Ticket className="size-[18px] text-primary-fg" aria-hidden />
          {t('redeem.title')}
        </span>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (normalized.length === CARD_KEY_LENGTH) redeem.mutate();
        }}
      >
        <label htmlFor="card-key" className="text-sm font-medium text-neutral-800 dark:text-neutral-100">
          {t('redeem.label')}
        </label>
        <input
          id="card-key"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          onChange={(e) => {
            setResult(null);
            // Dashes are put back as the user types, so a pasted or typed key reads like the printed one.
            setCode(formatCardKey(normalizeCardKey(e.target.value).slice(0, CARD_KEY_LENGTH)));
          }}
          placeholder={t('redeem.placeholder')}
          className="h-11 w-full rounded-xl border border-neutral-200 bg-white px-3 font-mono text-base tracking-wider text-neutral-900 uppercase outline-none placeholder:font-sans placeholder:tracking-normal placeholder:normal-case placeholder:text-neutral-500 focus:border-primary focus:ring-2 focus:ring-primary/20 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-400"
        />
        {result && (
          <p role="status" className="flex items-start gap-2 rounded-xl bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            {result}
          </p>
        )}
        <button type="submit" disabled={normalized.length !== CARD_KEY_LENGTH || redeem.isPending} className={clsx(modalButton.primary, 'disabled:opacity-50')}>
          {redeem.isPending ? t('redeem.redeeming') : t('redeem.button')}
        </button>
      </form>
      <section className="mt-5 pb-3" aria-labelledby="card-history">
        <h3 id="card-history" className="mb-2 text-sm font-medium text-neutral-700 dark:text-neutral-200">
          {t('redeem.history')}
        </h3>
        {history.data?.rows.length ? (
          <ul className="flex flex-col divide-y divide-neutral-100 dark:divide-neutral-800">
            {history.data.rows.map((r) => (
              <li key={r.code} className="flex flex-col gap-0.5 py-2 text-sm">
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-neutral-900 dark:text-neutral-100">{r.name}</span>
                  <span className="shrink-0 text-xs text-neutral-500 dark:text-neutral-400">{new Date(r.redeemedAt).toLocaleDateString('zh-CN')}</span>
                </span>
                <span className="text-xs text-neutral-600 dark:text-neutral-300">{grantText(t, r.grant)}</span>
                <span className="font-mono text-xs text-neutral-500 dark:text-neutral-400">{r.code}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="py-3 text-center text-sm text-neutral-500 dark:text-neutral-400">{history.data ? t('redeem.empty') : '…'}</p>
        )}
      </section>
    </Modal>
  );
}
