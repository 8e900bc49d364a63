/** SPEC §2.1: every route under the main layout, by route name (the code the server menu uses). */
export interface RouteDef {
  name: string;
  path: string;
  /** i18n key under the `app` namespace for the screen title. */
  titleKey: string;
}

export const LAYOUT_ROUTES: RouteDef[] = [
  { name: 'Chat', path: '/talk', titleKey: 'route.Chat' },
  { name: 'ChatFile', path: '/talk-file', titleKey: 'route.ChatFile' },
  { name: 'ChatTemp', path: '/talk-temp', titleKey: 'route.ChatTemp' },
  { name: 'ChatExpert', path: '/talk-expert', titleKey: 'route.ChatExpert' },
  { name: 'AppStore', path: '/app-store', titleKey: 'route.AppStore' },
  { name: 'AppH5', path: '/app-h5', titleKey: 'route.AppH5' },
  { name: 'AppExpert', path: '/app-expert', titleKey: 'route.AppExpert' },
  { name: 'Market', path: '/market', titleKey: 'route.Market' },
  { name: 'Draw', path: '/draw', titleKey: 'route.Draw' },
  { name: 'Ai3', path: '/ai3', titleKey: 'route.Ai3' },
  { name: 'Midjourney', path: '/midjourney', titleKey: 'route.Midjourney' },
  { name: 'Mind', path: '/mind', titleKey: 'route.Mind' },
  { name: 'Translate', path: '/translate', titleKey: 'route.Translate' },
  { name: 'aippt', path: '/aippt', titleKey: 'route.aippt' },
  { name: 'Paper', path: '/article', titleKey: 'route.Paper' },
  { name: 'View', path: '/view', titleKey: 'route.View' },
  { name: 'Role', path: '/role', titleKey: 'route.Role' },
  { name: 'Pay', path: '/pay', titleKey: 'route.Pay' },
  { name: 'Share', path: '/share', titleKey: 'route.Share' },
  { name: 'UserCenter', path: '/user-center', titleKey: 'route.UserCenter' },
];

export const pathOfRoute = (name: string) => LAYOUT_ROUTES.find((r) => r.name === name)?.path;
