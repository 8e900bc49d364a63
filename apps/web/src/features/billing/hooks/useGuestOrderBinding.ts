import { useEffect } from 'react';
import { useSession } from '../../../lib/session.ts';
import { storage, StorageKey, tokenStore } from '../../../lib/storage.ts';

// The work lives in its own chunk: the layout's first load only carries this hook.
const guestOrder = () => import('../guest-order.ts');

/**
 * App level (the layout calls it): once the config is loaded, a guest with a paid, unbound order
 * on this device is offered to log in and bind it; whenever a login happens while such an order
 * waits (the login dialog shows its number), the order is bound to the new account.
 */
export function useGuestOrderBinding() {
  const ready = useSession((s) => s.ready);

  useEffect(
    () =>
      useSession.subscribe((s, prev) => {
        if (s.token && !prev.token && s.orderSn) {
          const orderSn = s.orderSn;
          void guestOrder().then((m) => m.bindOrder(orderSn));
        }
      }),
    [],
  );

  useEffect(() => {
    // Only a guest who has a client code can have placed an order.
    if (ready && !tokenStore.get() && storage.get<string>(StorageKey.clientCode)) void guestOrder().then((m) => m.offerClientOrder());
  }, [ready]);
}
