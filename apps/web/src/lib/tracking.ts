import type { BehaviorEvent, CollectWebBody } from '@app/shared';
import { FINGERPRINT_AUDIO_TIMEOUT_MS, IDLE_START_MS } from '@app/shared/constants';
import { API_BASE } from './api-base.ts';
import { callRoute, endpoint } from './api.ts';
import { storage, StorageKey } from './storage.ts';
import { setBehaviorSender } from './tracking-bridge.ts';

/**
 * Behaviour tracking (SPEC §3 "Behavior event", §4.3 visit tracking, §4.9 idle and first input).
 * Everything here is fire-and-forget: it never blocks the UI and never shows a toast.
 */
export const TRACKING_VERSION = '1.0.0';
const behavior = endpoint('growth.behavior', 'POST', '/api/user/behavior');
const clientCreate = endpoint('growth.clientCreate', 'POST', '/api/client/create');
const collectWeb = endpoint('growth.collectWeb', 'POST', '/api/client/collect-web');
export const BEHAVIOR_URL = behavior.path;

export type TrackInput = Partial<BehaviorEvent> & Pick<BehaviorEvent, 'type' | 'code'>;

/** cyrb53: a fast, well-spread 53-bit string hash; two seeds give a 28-hex-digit id. */
function cyrb53(str: string, seed: number) {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export const hashString = (str: string) => cyrb53(str, 0) + cyrb53(str, 0x9e3779b9);

function canvasSample() {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 220;
    canvas.height = 30;
    const ctx = canvas.getContext('2d');
    if (!ctx) return '';
    ctx.textBaseline = 'top';
    ctx.font = '14px Arial';
    ctx.fillStyle = '#f60';
    ctx.fillRect(120, 1, 60, 20);
    ctx.fillStyle = '#069';
    ctx.fillText('AI 助手 fingerprint 🙂', 2, 2);
    return canvas.toDataURL();
  } catch {
    return '';
  }
}

/**
 * SPEC §9's audio step: a compressed triangle wave rendered offline differs slightly per audio
 * stack; its sum is part of the fingerprint. Given up after FINGERPRINT_AUDIO_TIMEOUT_MS (some
 * browsers never finish rendering in a background tab).
 */
function audioSample(): Promise<string> {
  const Offline = (window as unknown as { OfflineAudioContext?: typeof OfflineAudioContext }).OfflineAudioContext;
  if (!Offline) return Promise.resolve('');
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(''), FINGERPRINT_AUDIO_TIMEOUT_MS);
    try {
      const ctx = new Offline(1, 5000, 44100);
      const osc = ctx.createOscillator();
      osc.type = 'triangle';
      osc.frequency.value = 10000;
      const comp = ctx.createDynamicsCompressor();
      osc.connect(comp);
      comp.connect(ctx.destination);
      osc.start(0);
      ctx.startRendering().then(
        (buffer) => {
          clearTimeout(timer);
          const data = buffer.getChannelData(0);
          let sum = 0;
          for (let i = 4500; i < data.length; i++) sum += Math.abs(data[i]!);
          resolve(sum.toString());
        },
        () => {
          clearTimeout(timer);
          resolve('');
        },
      );
    } catch {
      clearTimeout(timer);
      resolve('');
    }
  });
}

let fingerprint: string | null = null;
let audioPart = '';
let prepared: Promise<string> | null = null;

/** Measures the audio step once (at most FINGERPRINT_AUDIO_TIMEOUT_MS), then the fingerprint includes it. */
export function prepareFingerprint(): Promise<string> {
  prepared ??= audioSample().then((audio) => {
    audioPart = audio;
    fingerprint = null;
    return getFingerprint();
  });
  return prepared;
}

/**
 * A stable hash of UA, screen, time zone, languages, a canvas sample and (once prepareFingerprint
 * has run) the audio sample; the events of the first second after load may carry the one without audio.
 */
export function getFingerprint() {
  if (fingerprint) return fingerprint;
  const parts = [
    navigator.userAgent,
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    String(new Date().getTimezoneOffset()),
    (navigator.languages?.length ? navigator.languages : [navigator.language]).join(','),
    String(navigator.hardwareConcurrency ?? ''),
    canvasSample(),
    audioPart,
  ];
  fingerprint = hashString(parts.join('|'));
  return fingerprint;
}

interface PageState {
  current: string;
  currentDesc: string;
  previous: string;
  previousDesc: string;
  enteredAt: number;
  inputLogged: boolean;
}
const page: PageState = { current: '', currentDesc: '', previous: '', previousDesc: '', enteredAt: Date.now(), inputLogged: false };

export function buildEvent(input: TrackInput): BehaviorEvent {
  return {
    name: '',
    description: '',
    duration: 0,
    current_page: page.current || location.pathname,
    current_page_desc: page.currentDesc,
    previous_page: page.previous,
    previous_page_desc: page.previousDesc,
    ...input,
    fingerprint: getFingerprint(),
    client_timestamp: Math.floor(Date.now() / 1000),
    resolution: `${screen.width}*${screen.height}`,
    version: TRACKING_VERSION,
  };
}

/** sendBeacon when the browser queues it, else the http client; failures are dropped quietly. */
export function sendEvent(event: BehaviorEvent) {
  try {
    const clientCode = storage.get<string>(StorageKey.clientCode);
    const body = new Blob([JSON.stringify(clientCode ? { ...event, client_code: clientCode } : event)], { type: 'application/json' });
    // A JSON beacon cannot go cross-origin (no preflight): with VITE_API_BASE the http client sends it.
    if (!API_BASE && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(BEHAVIOR_URL, body)) return;
  } catch {
    // Fall through to the http client.
  }
  callRoute(behavior, event, { silent: true }).catch(() => undefined);
}

export function track(input: TrackInput) {
  try {
    sendEvent(buildEvent(input));
  } catch {
    // Tracking must never break the app.
  }
}

/** On every route change: keeps previous_page/current_page in their local keys and logs a page view. */
export function trackPage(path: string, desc = '') {
  if (path === page.current) return;
  const previous = page.current || storage.get<string>(StorageKey.currentPage) || '';
  const previousDesc = page.current ? page.currentDesc : '';
  storage.set(StorageKey.previousPage, previous);
  storage.set(StorageKey.currentPage, path);
  Object.assign(page, { current: path, currentDesc: desc, previous, previousDesc, enteredAt: Date.now(), inputLogged: false });
  track({ type: 1, code: 'page_view', name: '页面访问' });
}

/**
 * SPEC §4.9: after `startMs` without mouse movement an idle event is logged; each further
 * event waits twice as long; movement starts over. Movement only moves a deadline (the timer
 * is re-armed only when the deadline comes earlier), so a stream of mousemove events costs
 * almost no timer work.
 */
export function startIdleTracking(startMs = IDLE_START_MS) {
  let interval = startMs;
  let lastActive = Date.now();
  let deadline = lastActive + interval;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = 0;
  const arm = (at: number) => {
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(check, Math.max(0, at - Date.now()));
  };
  function check() {
    const now = Date.now();
    if (now >= deadline) {
      track({ type: 1, code: 'idle', name: '页面空闲', duration: now - lastActive });
      interval *= 2;
      deadline = now + interval;
    }
    arm(deadline);
  }
  const onMove = () => {
    lastActive = Date.now();
    interval = startMs;
    deadline = lastActive + interval;
    if (timerAt > deadline) arm(deadline);
  };
  window.addEventListener('mousemove', onMove, { passive: true });
  window.addEventListener('touchstart', onMove, { passive: true });
  arm(deadline);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('mousemove', onMove);
    window.removeEventListener('touchstart', onMove);
  };
}

const TEXT_INPUT_TYPES = new Set(['', 'text', 'search', 'email', 'tel', 'url', 'number']);

/** SPEC §4.9: the first text input on a page is logged once (never its content). */
function onFirstInput(e: Event) {
  if (page.inputLogged) return;
  const el = e.target;
  const isText =
    el instanceof HTMLTextAreaElement ||
    (el instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(el.type)) ||
    (el instanceof HTMLElement && el.isContentEditable);
  if (!isText) return;
  page.inputLogged = true;
  track({ type: 1, code: 'first_input', name: '首次输入', duration: Date.now() - page.enteredAt });
}

let clientCodeRequest: Promise<string | null> | null = null;

/** SPEC §3 client_code: issued once by the server, then kept without expiry. */
export function ensureClientCode(): Promise<string | null> {
  const stored = storage.get<string>(StorageKey.clientCode);
  if (stored) return Promise.resolve(stored);
  clientCodeRequest ??= prepareFingerprint()
    .then((fingerprint) => callRoute(clientCreate, { fingerprint }, { silent: true }))
    .then((data) => {
      storage.set(StorageKey.clientCode, data.client_code, null);
      return data.client_code;
    })
    .catch(() => {
      clientCodeRequest = null;
      return null;
    });
  return clientCodeRequest;
}

let visitSent = false;

/** SPEC §4.3: one visit event per page load, with bd_vid / promote_account_id when the URL has them. */
export function collectVisit(href = location.href, referrer = document.referrer) {
  if (visitSent) return;
  visitSent = true;
  const query = new URL(href, location.origin).searchParams;
  const body: CollectWebBody = { url: href.slice(0, 1000), referrer: referrer.slice(0, 1000) || undefined };
  const bdVid = query.get('bd_vid');
  const promoteAccountId = query.get('promote_account_id');
  if (bdVid) body.bd_vid = bdVid.slice(0, 256);
  if (promoteAccountId) body.promote_account_id = promoteAccountId.slice(0, 64);
  callRoute(collectWeb, body, { silent: true }).catch(() => undefined);
}

let stopTracking: (() => void) | null = null;

/** Registers the sender for api_error reports and starts idle and first-input tracking (once). */
export function initTracking() {
  if (stopTracking) return stopTracking;
  setBehaviorSender(track);
  const stopIdle = startIdleTracking();
  document.addEventListener('input', onFirstInput, true);
  stopTracking = () => {
    stopIdle();
    document.removeEventListener('input', onFirstInput, true);
    stopTracking = null;
  };
  return stopTracking;
}
