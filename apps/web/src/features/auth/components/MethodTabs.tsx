import { Tabs } from 'radix-ui';
import { KeyRound, QrCode, Smartphone, type LucideIcon } from 'lucide-react';
import type { LoginMethod } from '../login-options.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const ICONS: Record<LoginMethod, LucideIcon> = { wechat: QrCode, mobile: Smartphone, account: KeyRound };

/** The switch between the offered methods; hidden when only one is offered. */
export function MethodTabs({ methods }: { methods: LoginMethod[] }) {
  const { t } = useTranslation('auth');
  if (methods.length < 2) return null;
  return (
    <Tabs.List aria-label={t('methodsLabel')} className="flex rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800">
      {methods.map((m) => {
        const Icon = ICONS[m];
        return (
          <Tabs.Trigger
            key={m}
            value={m}
            className="flex h-8 flex-1 items-center justify-center gap-1.5 rounded-lg text-[13px] text-neutral-500 hover:text-neutral-800 data-[state=active]:bg-white data-[state=active]:font-medium data-[state=active]:text-neutral-900 data-[state=active]:shadow-xs dark:text-neutral-400 dark:hover:text-neutral-200 dark:data-[state=active]:bg-neutral-600 dark:data-[state=active]:text-white"
          >
            <Icon className="size-3.5" aria-hidden />
            {t(`method.${m}`)}
          </Tabs.Trigger>
        );
      })}
    </Tabs.List>
  );
}
