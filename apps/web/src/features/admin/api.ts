import { endpoint } from '../../lib/api.ts';

/** The admin console's endpoints (manifest keys admin.*). */
export const ep = {
  me: endpoint('admin.me', 'GET', '/api/admin/me'),
  audit: endpoint('admin.audit', 'GET', '/api/admin/audit'),
  users: endpoint('admin.users', 'GET', '/api/admin/users'),
  userDetail: endpoint('admin.userDetail', 'GET', '/api/admin/users/:id'),
  userCredits: endpoint('admin.userCredits', 'POST', '/api/admin/users/:id/credits'),
  userMembership: endpoint('admin.userMembership', 'POST', '/api/admin/users/:id/membership'),
  userStatus: endpoint('admin.userStatus', 'POST', '/api/admin/users/:id/status'),
  userPassword: endpoint('admin.userPassword', 'POST', '/api/admin/users/:id/password'),
  userRevoke: endpoint('admin.userRevoke', 'POST', '/api/admin/users/:id/revoke'),
  site: endpoint('admin.site', 'GET', '/api/admin/site'),
  siteSettings: endpoint('admin.siteSettings', 'POST', '/api/admin/site/settings'),
  siteMenu: endpoint('admin.siteMenu', 'POST', '/api/admin/site/menu'),
  siteNotice: endpoint('admin.siteNotice', 'POST', '/api/admin/site/notice'),
  orders: endpoint('admin.orders', 'GET', '/api/admin/orders'),
  orderDetail: endpoint('admin.orderDetail', 'GET', '/api/admin/orders/:orderNo'),
  orderFulfil: endpoint('admin.orderFulfil', 'POST', '/api/admin/orders/:orderNo/fulfil'),
  orderRefund: endpoint('admin.orderRefund', 'POST', '/api/admin/orders/:orderNo/refund'),
  models: endpoint('admin.models', 'GET', '/api/admin/models'),
  modelCreate: endpoint('admin.modelCreate', 'POST', '/api/admin/models'),
  modelUpdate: endpoint('admin.modelUpdate', 'POST', '/api/admin/models/:id'),
  dashboard: endpoint('admin.dashboard', 'GET', '/api/admin/dashboard'),
};
