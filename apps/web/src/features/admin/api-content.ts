import { endpoint } from '../../lib/api.ts';

/** The content section's endpoints (manifest keys admin.content*). */
export const contentEp = {
  apps: endpoint('admin.contentApps', 'GET', '/api/admin/content/apps'),
  appCreate: endpoint('admin.contentAppCreate', 'POST', '/api/admin/content/apps'),
  appUpdate: endpoint('admin.contentAppUpdate', 'POST', '/api/admin/content/apps/:id'),
  appDelete: endpoint('admin.contentAppDelete', 'POST', '/api/admin/content/apps/:id/delete'),
  categories: endpoint('admin.contentCategories', 'GET', '/api/admin/content/categories'),
  categoryCreate: endpoint('admin.contentCategoryCreate', 'POST', '/api/admin/content/categories'),
  categoryUpdate: endpoint('admin.contentCategoryUpdate', 'POST', '/api/admin/content/categories/:id'),
  categoryDelete: endpoint('admin.contentCategoryDelete', 'POST', '/api/admin/content/categories/:id/delete'),
  docActions: endpoint('admin.contentDocActions', 'GET', '/api/admin/content/document-actions'),
  docActionCreate: endpoint('admin.contentDocActionCreate', 'POST', '/api/admin/content/document-actions'),
  docActionUpdate: endpoint('admin.contentDocActionUpdate', 'POST', '/api/admin/content/document-actions/:value'),
  words: endpoint('admin.contentWords', 'GET', '/api/admin/content/words'),
  wordImport: endpoint('admin.contentWordImport', 'POST', '/api/admin/content/words'),
  wordDelete: endpoint('admin.contentWordDelete', 'POST', '/api/admin/content/words/delete'),
};
