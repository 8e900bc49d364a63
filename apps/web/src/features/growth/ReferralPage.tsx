import { useRef } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { QRCodeCanvas } from 'qrcode.react';
import { Copy, Download, Gift, Link2, Share2, Users } from 'lucide-react';
import { copyText } from '../../lib/clipboard.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { fetchInviteCode, fetchInviteRecord } from './api.ts';
import { drawPoster } from './poster.ts';
import { QR_LEVEL } from '@app/shared/constants';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** SPEC §9: QR codes are 120, 180 or 240 px at error level H. */
const QR_SIZE = 180;

type Reward = { model3: number; model4: number; draw: number };
const PAGE = 20;

const card = 'rounded-2xl border border-neutral-200/70 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900';
const smallButton =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border border-neutral-200 bg-white px-3 text-[13px] text-neutral-800 transition-colors hover:border-primary hover:text-primary-fg dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

/** /share: the referral plan — the user's link, code and poster, the rewards and the invite record. */
export default function ReferralPage() {
  const { t } = useTranslation('growth');
  const token = useSession((s) => s.token);
  const siteName = useSession((s) => s.globalConfig?.siteName ?? '');
  const nickname = useSession((s) => s.userInfo?.nickname ?? '');
  const openLogin = useSession((s) => s.openLogin);
  const info = useQuery({ queryKey: ['invite', token], queryFn: fetchInviteCode, enabled: !!token });
  const record = useInfiniteQuery({
    queryKey: ['invite-record', token],
    queryFn: ({ pageParam }) => fetchInviteRecord(pageParam, PAGE),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * PAGE < last.count ? all.length + 1 : undefined),
    enabled: !!token,
  });
  const qrBox = useRef<HTMLDivElement>(null);

  if (!token) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-fg">
          <Share2 className="size-7" aria-hidden />
        </div>
        <h1 className="text-lg font-semibold">{t('share.loginTitle')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('share.loginDesc')}</p>
        <button type="button" onClick={() => openLogin()} className="mt-2 inline-flex h-10 items-center rounded-xl bg-primary px-6 text-sm font-medium text-white hover:bg-primary-hover">
          {t('share.login')}
        </button>
      </div>
    );
  }

  const data = info.data;
  const link = data ? `${window.location.origin}/talk?invitedBy=${encodeURIComponent(data.code)}` : '';
  const rewardText = (r: Reward) =>
    [r.model3 > 0 && t('signIn.model3', { count: r.model3 }), r.model4 > 0 && t('signIn.model4', { count: r.model4 }), r.draw > 0 && t('signIn.draw', { count: r.draw })].filter(Boolean).join(' · ') || t('share.none');
  const copy = async (text: string) => (await copyText(text)) ? toast.success(t('share.copied')) : toast.error(t('share.copyFailed'));
  const savePoster = () => {
    const qr = qrBox.current?.querySelector('canvas');
    if (!qr || !data) return;
    const a = document.createElement('a');
    a.href = drawPoster({ siteName, title: t('share.posterTitle', { name: nickname || siteName }), scan: t('share.posterScan'), code: `${t('share.code')} ${data.code}`, qr });
    a.download = `invite-${data.code}.png`;
    a.click();
  };
  const rows = record.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <div className="h-full overflow-y-auto bg-neutral-50 dark:bg-neutral-950">
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-6 pb-[calc(env(safe-area-inset-bottom)+88px)] sm:px-6 md:pt-10 md:pb-12">
        <section className="overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-600 p-6 text-white shadow-sm">
          <h1 className="text-xl font-semibold md:text-2xl">{t('share.hero')}</h1>
          <p className="mt-1.5 text-sm text-white/90">{t('share.heroDesc')}</p>
          {data &&
            (data.rewards.enabled ? (
              <div className="mt-4 grid gap-2 sm:grid-cols-2">
                <div className="rounded-xl bg-white/15 px-4 py-3">
                  <p className="text-xs text-white/85">{t('share.youGet')}</p>
                  <p className="mt-0.5 text-[15px] font-medium">{rewardText(data.rewards.inviter)}</p>
                </div>
                <div className="rounded-xl bg-white/15 px-4 py-3">
                  <p className="text-xs text-white/85">{t('share.friendGets')}</p>
                  <p className="mt-0.5 text-[15px] font-medium">{rewardText(data.rewards.invitee)}</p>
                </div>
              </div>
            ) : (
              <p className="mt-4 rounded-xl bg-white/15 px-4 py-3 text-sm">{t('share.rewardsOff')}</p>
            ))}
        </section>

        {info.isError && (
          <div className={`${card} flex items-center justify-between text-sm`}>
            {t('share.loadFailed')}
            <button type="button" className={smallButton} onClick={() => void info.refetch()}>
              {t('share.retry')}
            </button>
          </div>
        )}

        {data && (
          <>
            <div className="grid grid-cols-2 gap-3">
              <div className={card}>
                <p className="flex items-center gap-1.5 text-[13px] text-neutral-600 dark:text-neutral-300">
                  <Users className="size-4" aria-hidden />
                  {t('share.invited')}
                </p>
                <p className="mt-1 text-2xl font-semibold tabular-nums">{t('share.people', { count: data.invited })}</p>
              </div>
              <div className={card}>
                <p className="flex items-center gap-1.5 text-[13px] text-neutral-600 dark:text-neutral-300">
                  <Gift className="size-4" aria-hidden />
                  {t('share.earned')}
                </p>
                <p className="mt-1 text-[15px] font-medium leading-6">{rewardText(data.earned)}</p>
              </div>
            </div>

            <section className={card} aria-labelledby="share-link">
              <h2 id="share-link" className="flex items-center gap-1.5 text-[15px] font-semibold">
                <Link2 className="size-4" aria-hidden />
                {t('share.link')}
              </h2>
              <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
                <p className="min-w-0 flex-1 truncate rounded-lg bg-neutral-100 px-3 py-2 font-mono text-[13px] text-neutral-800 select-all dark:bg-neutral-800 dark:text-neutral-100" title={link}>
                  {link}
                </p>
                <button type="button" className={smallButton} onClick={() => void copy(link)}>
                  <Copy className="size-3.5" aria-hidden />
                  {t('share.copyLink')}
                </button>
              </div>
              <div className="mt-3 flex items-center gap-2 text-sm">
                <span className="text-neutral-600 dark:text-neutral-300">{t('share.code')}</span>
                <span data-testid="share-code" className="font-mono text-base font-semibold tracking-[0.2em]">
                  {data.code}
                </span>
                <button type="button" className={smallButton} onClick={() => void copy(data.code)} aria-label={`${t('share.copyCode')} ${t('share.code')}`}>
                  <Copy className="size-3.5" aria-hidden />
                  {t('share.copyCode')}
                </button>
              </div>
            </section>

            <section className={`${card} flex flex-col items-center gap-4 sm:flex-row sm:items-start`} aria-labelledby="share-poster">
              <div ref={qrBox} className="rounded-xl border border-neutral-200 bg-white p-3 dark:border-neutral-700">
                <QRCodeCanvas value={link} size={QR_SIZE} level={QR_LEVEL} marginSize={0} title={t('share.link')} />
              </div>
              <div className="flex flex-1 flex-col items-center gap-2 text-center sm:items-start sm:text-left">
                <h2 id="share-poster" className="text-[15px] font-semibold">
                  {t('share.poster')}
                </h2>
                <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('share.posterDesc')}</p>
                <button type="button" onClick={savePoster} className="mt-1 inline-flex h-10 items-center gap-1.5 rounded-xl bg-primary px-5 text-sm font-medium text-white hover:bg-primary-hover">
                  <Download className="size-4" aria-hidden />
                  {t('share.savePoster')}
                </button>
              </div>
            </section>

            <section className={card} aria-labelledby="share-rules">
              <h2 id="share-rules" className="text-[15px] font-semibold">
                {t('share.rules')}
              </h2>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-neutral-700 dark:text-neutral-300">
                <li>{t('share.rule1')}</li>
                <li>{t('share.rule2', { count: data.rewards.dailyLimit })}</li>
                <li>{t('share.rule3')}</li>
              </ol>
            </section>
          </>
        )}

        <section className={card} aria-labelledby="share-record">
          <h2 id="share-record" className="text-[15px] font-semibold">
            {t('share.record')}
          </h2>
          {record.isSuccess && rows.length === 0 ? (
            <p className="py-6 text-center text-sm text-neutral-600 dark:text-neutral-300">{t('share.recordEmpty')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-neutral-100 dark:divide-neutral-800">
              {rows.map((r, i) => (
                <li key={`${r.createdAt}-${i}`} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{r.nickname}</p>
                    <p className="text-xs text-neutral-600 dark:text-neutral-400">{new Date(r.createdAt).toLocaleString('zh-CN', { hour12: false })}</p>
                  </div>
                  <span className="shrink-0 text-xs text-emerald-700 dark:text-emerald-400">
                    {r.reward.model3 + r.reward.model4 + r.reward.draw > 0 ? t('share.rewardLine', r.reward) : t('share.noReward')}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {record.hasNextPage && (
            <button type="button" className={`${smallButton} mx-auto mt-2 flex`} disabled={record.isFetchingNextPage} onClick={() => void record.fetchNextPage()}>
              {t('share.more')}
            </button>
          )}
        </section>
      </div>
    </div>
  );
}
