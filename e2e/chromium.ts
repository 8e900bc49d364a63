/**
 * How the browser tests (playwright.config.ts) and the benches (bench/) launch Debian's Chromium.
 *
 * Chromium 15x, in the headless mode of the full browser, builds its WebUI address-bar popups
 * (chrome://omnibox-popup.top-chrome and its AI-mode variant) for every window: a few hundred
 * modules loaded and run in renderers of their own, on the same two cores as the page under test.
 * A phone's browser draws no such thing; here it doubled the LCP of a page with no script at all
 * (bench/lcp-bytes.ts: 252 ms to 128 ms at CPU x4). Both are switched off.
 *
 * A second --disable-features replaces the first rather than adding to it, so the list starts with
 * Playwright's own (playwright-core 1.65 `chromiumSwitches`); e2e/browser-flags.spec.ts fails when a
 * Playwright update adds one this list would drop.
 */
import { chromium } from '@playwright/test';

export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The browser's own UI that no phone runs beside the page. */
export const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
];

/** The benches' browser (the browser tests get the same through playwright.config.ts). */
export const launchChromium = () => chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
