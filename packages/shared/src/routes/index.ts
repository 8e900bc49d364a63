/**
 * The routes manifest: every endpoint of the API, declared once (method, path, who may call it,
 * request and reply schemas). The server registers its routes from it, the OpenAPI document is
 * generated from it, and a test fails when the two disagree.
 */
import { adminRoutes } from './admin.ts';
import { appsRoutes } from './apps.ts';
import { authRoutes } from './auth.ts';
import { billingRoutes } from './billing.ts';
import { chatRoutes } from './chat.ts';
import { configRoutes } from './config.ts';
import type { ManifestRoute } from './define.ts';
import { documentRoutes } from './document.ts';
import { drawRoutes } from './draw.ts';
import { filesRoutes } from './files.ts';
import { growthRoutes } from './growth.ts';
import { mindRoutes } from './mind.ts';
import { slidesRoutes } from './slides.ts';
import { supportRoutes } from './support.ts';
import { shareRoutes } from './share.ts';
import { systemRoutes } from './system.ts';
import { translateRoutes } from './translate.ts';
import { thesisRoutes } from './thesis.ts';
import { turnsRoutes } from './turns.ts';
import { userRoutes } from './user.ts';
import { opsRoutes } from './ops.ts';
import { voiceRoutes } from './voice.ts';

export * from './define.ts';
export * from './admin.ts';
export * from './apps.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './chat.ts';
export * from './config.ts';
export * from './document.ts';
export * from './draw.ts';
export * from './files.ts';
export * from './growth.ts';
export * from './mind.ts';
export * from './slides.ts';
export * from './support.ts';
export * from './share.ts';
export * from './system.ts';
export * from './translate.ts';
export * from './thesis.ts';
export * from './turns.ts';
export * from './user.ts';
export * from './ops.ts';
export * from './voice.ts';

export const routes = {
  system: systemRoutes,
  config: configRoutes,
  auth: authRoutes,
  user: userRoutes,
  growth: growthRoutes,
  billing: billingRoutes,
  chat: chatRoutes,
  document: documentRoutes,
  apps: appsRoutes,
  files: filesRoutes,
  turns: turnsRoutes,
  draw: drawRoutes,
  mind: mindRoutes,
  translate: translateRoutes,
  thesis: thesisRoutes,
  slides: slidesRoutes,
  support: supportRoutes,
  admin: adminRoutes,
  ops: opsRoutes,
  share: shareRoutes,
  voice: voiceRoutes,
};

/** Every route of the manifest, with its key (`chat.create`). */
export function allRoutes(): (ManifestRoute & { key: string })[] {
  return Object.entries(routes).flatMap(([domain, group]) =>
    Object.entries(group as Record<string, ManifestRoute>).map(([name, r]) => ({ ...r, key: `${domain}.${name}` })),
  );
}
