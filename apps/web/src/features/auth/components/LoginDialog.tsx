import { useState } from 'react';
import { Dialog, Tabs } from 'radix-ui';
import { X } from 'lucide-react';
import clsx from 'clsx';
import { SITE_NAME_DEFAULT } from '@app/shared/constants';
import { useSession } from '../../../lib/session.ts';
import { methodsFor, registerGift, type LoginMethod } from '../login-options.ts';
import '../locales.ts';
import { AccountLogin } from './AccountLogin.tsx';
import { GiftNotice } from './GiftNotice.tsx';
import { MethodTabs } from './MethodTabs.tsx';
import { OrderNotice } from './OrderNotice.tsx';
import { PhoneLogin } from './PhoneLogin.tsx';
import { ProtocolNote } from './ProtocolNote.tsx';
import { WechatLogin } from './WechatLogin.tsx';
import { useReturnFocus } from '../../../lib/useReturnFocus.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** SPEC §2.6. The layout mounts it once; `useSession().loginOpen` opens it. */
export function LoginDialog() {
  const open = useSession((s) => s.loginOpen);
  const showOrder = useSession((s) => s.showOrder);
  const closeLogin = useSession((s) => s.closeLogin);
  const { t } = useTranslation('auth');

  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && closeLogin()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-neutral-950/40 backdrop-blur-[2px] dark:bg-black/60" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className={clsx(
            // Anchored by its top, not centred, so switching method changes only where the dialog ends.
            'fixed left-1/2 z-[60] w-[calc(100vw-32px)] -translate-x-1/2 overflow-y-auto rounded-2xl bg-white shadow-2xl outline-none dark:bg-neutral-900 dark:shadow-none dark:ring-1 dark:ring-white/10',
            showOrder
              ? 'top-4 max-h-[calc(100dvh-32px)] max-w-[800px] md:top-[max(16px,calc(50dvh-300px))] md:max-h-[calc(100dvh-max(16px,calc(50dvh-300px))-16px)]'
              : 'top-[max(16px,calc(50dvh-300px))] max-h-[calc(100dvh-max(16px,calc(50dvh-300px))-16px)] max-w-[380px]',
          )}
        >
          <Dialog.Close
            aria-label={t('close')}
            className="absolute top-3 right-3 z-10 rounded-full p-1.5 text-neutral-400 transition-colors hover:bg-neutral-100 hover:text-neutral-700 dark:hover:bg-neutral-800 dark:hover:text-neutral-200"
          >
            <X className="size-5" />
          </Dialog.Close>
          <LoginPanel />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Mounted only while the dialog is open, so each opening starts fresh and its polling ends with it. */
function LoginPanel() {
  const { t } = useTranslation('auth');
  const globalConfig = useSession((s) => s.globalConfig);
  const website = useSession((s) => s.website);
  const showOrder = useSession((s) => s.showOrder);
  const orderSn = useSession((s) => s.orderSn);

  const methods = methodsFor(website?.website.config.login_way);
  const [chosen, setChosen] = useState<LoginMethod>(methods[0]!);
  const method = methods.includes(chosen) ? chosen : methods[0]!;
  const gift = registerGift(globalConfig);
  const protocol = website?.website.protocols.register;
  const siteName = globalConfig?.siteName || SITE_NAME_DEFAULT;

  return (
    <div className={clsx(showOrder && 'grid md:grid-cols-[1fr_380px]')}>
      {showOrder && <OrderNotice orderSn={orderSn} />}
      <div className="mx-auto flex w-full max-w-[380px] flex-col gap-5 px-5 pt-8 pb-6 sm:px-10">
        <Dialog.Title className="text-center text-xl font-semibold tracking-tight text-neutral-900 dark:text-neutral-50">
          {t('title', { siteName })}
        </Dialog.Title>
        {gift && <GiftNotice gift={gift} />}
        <Tabs.Root value={method} onValueChange={(v) => setChosen(v as LoginMethod)} className="flex flex-col gap-5">
          <MethodTabs methods={methods} />
          <Tabs.Content value="wechat" className="outline-none">
            <WechatLogin demo={!!website?.demo.wechat} />
          </Tabs.Content>
          <Tabs.Content value="mobile" className="outline-none">
            <PhoneLogin demo={!!website?.demo.sms} />
          </Tabs.Content>
          <Tabs.Content value="account" className="outline-none">
            <AccountLogin canRegister={globalConfig?.emailRegisterStatus !== 0} />
          </Tabs.Content>
        </Tabs.Root>
        {protocol && <ProtocolNote url={protocol.url} title={protocol.title} />}
      </div>
    </div>
  );
}
