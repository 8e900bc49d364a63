import { endpoint } from '../../lib/api.ts';

/** The MCP tools page's endpoints (issue 31). */
export const toolsEp = {
  list: endpoint('admin.tools', 'GET', '/api/admin/tools'),
  setting: endpoint('admin.toolSetting', 'POST', '/api/admin/tools/:server/:tool'),
  models: endpoint('admin.toolModels', 'POST', '/api/admin/tools/models'),
  serverSave: endpoint('admin.toolServerSave', 'POST', '/api/admin/tools/servers'),
  serverDelete: endpoint('admin.toolServerDelete', 'POST', '/api/admin/tools/servers/:name/delete'),
};
