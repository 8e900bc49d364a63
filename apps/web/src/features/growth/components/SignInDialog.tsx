import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, Check, ChevronLeft, ChevronRight, Flame } from 'lucide-react';
import { clsx } from 'clsx';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { fetchSignInLog, signInToday } from '../api.ts';
import { monthCells, shiftMonth } from '../calendar.ts';
import '../locales.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** How far back the calendar goes. */
const MONTHS_BACK = 12;

/** SPEC §4.7: the month's calendar with signed days, the streak, the rewards, and 立即签到 while today is unsigned. */
export default function SignInDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('growth');
  const qc = useQueryClient();
  const settings = useSession((s) => s.globalConfig);
  const [month, setMonth] = useState<string | null>(null);
  const log = useQuery({ queryKey: ['sign-in', month ?? 'current'], queryFn: () => fetchSignInLog(month ?? undefined), enabled: open, placeholderData: (previous) => previous });
  const today = log.data?.today ?? null;
  const shown = month ?? today?.slice(0, 7) ?? null;
  const current = today?.slice(0, 7);
  const oldest = current ? shiftMonth(current, -MONTHS_BACK) : null;

  const sign = useMutation({
    mutationFn: signInToday,
    onSuccess: async () => {
      toast.success(t('signIn.success'));
      await Promise.all([qc.invalidateQueries({ queryKey: ['sign-in'] }), useSession.getState().loadUser().catch(() => {})]);
    },
    onError: (e) => toast.error(e instanceof ApiError ? e.message : t('signIn.loadFailed')),
  });

  const signed = new Set(log.data?.list.filter((d) => d.isSigned).map((d) => d.signInDate));
  const [year, monthNo] = (shown ?? '2000-01').split('-').map(Number) as [number, number];
  const rewards = settings
    ? [
        settings.signInModel3Count > 0 && t('signIn.model3', { count: settings.signInModel3Count }),
        settings.signInModel4Count > 0 && t('signIn.model4', { count: settings.signInModel4Count }),
        settings.signInMjDrawToken > 0 && t('signIn.draw', { count: settings.signInMjDrawToken }),
      ].filter((r): r is string => !!r)
    : [];
  const closed = settings?.signInStatus === 0;
  const bonus = log.data?.streakBonus;

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      widthClass="md:w-[420px]"
      title={
        <span className="flex items-center gap-2">
          <CalendarCheck className="size-[18px] text-primary-fg" aria-hidden />
          {t('signIn.title')}
        </span>
      }
      footer={
        log.data?.signedToday ? (
          <button type="button" className={modalButton.secondary} onClick={onClose}>
            {t('signIn.signed')}
          </button>
        ) : (
          <button type="button" className={modalButton.primary} disabled={!log.data || sign.isPending || closed} onClick={() => sign.mutate()}>
            {closed ? t('signIn.closed') : sign.isPending ? t('signIn.signing') : t('signIn.button')}
          </button>
        )
      }
    >
      <div className="flex flex-col gap-4 pb-1">
        <div className="flex items-center gap-3 rounded-xl bg-gradient-to-r from-amber-50 to-orange-50 px-4 py-3 dark:from-amber-500/10 dark:to-orange-500/10">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-orange-500 shadow-sm dark:bg-neutral-900">
            <Flame className="size-5" aria-hidden />
          </div>
          <div className="min-w-0">
            <p className="text-[15px] font-semibold text-neutral-900 dark:text-neutral-50">
              {log.data && log.data.streak > 0 ? t('signIn.streak', { count: log.data.streak }) : t('signIn.streakNone')}
            </p>
            {rewards.length > 0 && (
              <p className="mt-0.5 text-[13px] text-neutral-700 dark:text-neutral-300">
                {t('signIn.rewards')}：{rewards.join(' · ')}
              </p>
            )}
            {bonus && (
              <p className="mt-0.5 text-[13px] text-neutral-700 dark:text-neutral-300">
                {t('signIn.bonus', { every: bonus.every })}：
                {[bonus.model3 > 0 && t('signIn.model3', { count: bonus.model3 }), bonus.model4 > 0 && t('signIn.model4', { count: bonus.model4 }), bonus.draw > 0 && t('signIn.draw', { count: bonus.draw })]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            )}
          </div>
        </div>

        {log.isError ? (
          <div className="flex flex-col items-center gap-2 py-6 text-sm text-neutral-600 dark:text-neutral-300">
            {t('signIn.loadFailed')}
            <button type="button" className={modalButton.secondary} onClick={() => void log.refetch()}>
              {t('signIn.retry')}
            </button>
          </div>
        ) : (
          <section aria-label={shown ? t('signIn.month', { year, month: monthNo }) : t('signIn.title')}>
            <div className="mb-2 flex items-center justify-between">
              <button
                type="button"
                aria-label={t('signIn.prevMonth')}
                disabled={!shown || !oldest || shown <= oldest}
                onClick={() => shown && setMonth(shiftMonth(shown, -1))}
                className="inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 disabled:opacity-40 dark:text-neutral-300 dark:hover:bg-neutral-800"
              >
                <ChevronLeft className="size-[18px]" aria-hidden />
              </button>
              <p className="text-sm font-medium text-neutral-800 dark:text-neutral-100" aria-live="polite">
                {shown ? t('signIn.month', { year, month: monthNo }) : ''}
              </p>
              <button
                type="button"
                aria-label={t('signIn.nextMonth')}
                disabled={!shown || !current || shown >= current}
                onClick={() => shown && setMonth(shiftMonth(shown, 1) === current ? null : shiftMonth(shown, 1))}
                className="inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 disabled:opacity-40 dark:text-neutral-300 dark:hover:bg-neutral-800"
              >
                <ChevronRight className="size-[18px]" aria-hidden />
              </button>
            </div>
            <div className="grid grid-cols-7 gap-1 text-center" role="presentation">
              {t('signIn.weekdays')
                .split(',')
                .map((d) => (
                  <span key={d} className="pb-1 text-xs text-neutral-500 dark:text-neutral-400" aria-hidden>
                    {d}
                  </span>
                ))}
              {shown &&
                monthCells(shown).map((day, i) => {
                  if (!day) return <span key={`pad-${i}`} aria-hidden />;
                  const isSigned = signed.has(day);
                  const future = !!today && day > today;
                  const isToday = day === today;
                  return (
                    <span
                      key={day}
                      role="img"
                      aria-label={future ? day : t(isSigned ? 'signIn.signedDay' : 'signIn.unsignedDay', { date: day })}
                      className={clsx(
                        'mx-auto flex size-9 items-center justify-center rounded-full text-[13px] tabular-nums',
                        isSigned && 'bg-primary text-white',
                        !isSigned && !future && 'text-neutral-800 dark:text-neutral-200',
                        future && 'text-neutral-500 dark:text-neutral-400',
                        isToday && !isSigned && 'ring-2 ring-primary ring-inset font-semibold',
                      )}
                    >
                      {isSigned ? <Check className="size-4" strokeWidth={2.6} aria-hidden /> : Number(day.slice(8))}
                    </span>
                  );
                })}
            </div>
          </section>
        )}
      </div>
    </Modal>
  );
}
