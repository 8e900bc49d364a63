import type { ShareCreateInput } from '@app/shared';
import { callRoute, endpoint } from '../../lib/api.ts';

const create = endpoint('share.create', 'POST', '/api/share/create');
const mine = endpoint('share.mine', 'GET', '/api/share/mine');
const revoke = endpoint('share.revoke', 'POST', '/api/share/revoke');
const view = endpoint('share.view', 'GET', '/api/share/view/:token');

export const createShare = (body: ShareCreateInput) => callRoute(create, body);
export const fetchMyShares = () => callRoute(mine, undefined).then((d) => d.list);
export const revokeShare = (id: number) => callRoute(revoke, { id });
/** The public read; silent, the page shows its own states. */
export const fetchShare = (token: string) => callRoute(view, undefined, { params: { token }, silent: true });
