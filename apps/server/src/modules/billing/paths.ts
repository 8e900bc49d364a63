/** The routes gateways and browsers are sent to (our URLs inside theirs). */
export const NOTIFY_ROUTE = '/api/pay/notify';
export const RETURN_ROUTE = '/api/pay/return';
/** A short link to the sandbox cashier of one order (a sparse QR code, like a real gateway's). */
export const SANDBOX_ORDER_ROUTE = '/api/pay/sandbox/o';

export const notifyUrl = (publicUrl: string, provider: string) => `${publicUrl}${NOTIFY_ROUTE}/${provider}`;
export const sandboxOrderUrl = (publicUrl: string, orderNo: string) => `${publicUrl}${SANDBOX_ORDER_ROUTE}/${encodeURIComponent(orderNo)}`;
