import { endpoint } from '../../lib/api.ts';

/** The integrations page's and the setup screen's endpoints. */
export const integrationsEp = {
  list: endpoint('admin.integrations', 'GET', '/api/admin/integrations'),
  save: endpoint('admin.integrationSave', 'POST', '/api/admin/integrations/:group'),
  test: endpoint('admin.integrationTest', 'POST', '/api/admin/integrations/:group/test'),
  setupStatus: endpoint('admin.setupStatus', 'GET', '/api/setup/status'),
  setupAdmin: endpoint('admin.setupAdmin', 'POST', '/api/setup/admin'),
};
