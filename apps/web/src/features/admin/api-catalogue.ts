import { endpoint } from '../../lib/api.ts';

/** The catalogue, drawing content and gallery endpoints (manifest keys admin.*), and a card-key batch's keys. */
export const catalogueEp = {
  packages: endpoint('admin.packages', 'GET', '/api/admin/catalogue/packages'),
  packageCreate: endpoint('admin.packageCreate', 'POST', '/api/admin/catalogue/packages'),
  packageUpdate: endpoint('admin.packageUpdate', 'POST', '/api/admin/catalogue/packages/:id'),
  packageDelete: endpoint('admin.packageDelete', 'POST', '/api/admin/catalogue/packages/:id/delete'),
  drawTypes: endpoint('admin.drawTypes', 'GET', '/api/admin/draw/types'),
  drawTypeUpdate: endpoint('admin.drawTypeUpdate', 'POST', '/api/admin/draw/types/:code'),
  drawExamples: endpoint('admin.drawExamples', 'GET', '/api/admin/draw/examples'),
  drawExampleCreate: endpoint('admin.drawExampleCreate', 'POST', '/api/admin/draw/examples'),
  drawExampleUpdate: endpoint('admin.drawExampleUpdate', 'POST', '/api/admin/draw/examples/:id'),
  drawExampleDelete: endpoint('admin.drawExampleDelete', 'POST', '/api/admin/draw/examples/:id/delete'),
  gallery: endpoint('admin.gallery', 'GET', '/api/admin/draw/gallery'),
  galleryHide: endpoint('admin.galleryHide', 'POST', '/api/admin/draw/gallery/:id/hide'),
  cardBatchKeys: endpoint('support.adminCardBatchKeys', 'GET', '/api/admin/card-keys/batches/:id/keys'),
};
