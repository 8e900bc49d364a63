import type { WechatScanEvent } from './types.ts';
import { readFlatXml, writeFlatXml } from './xml.ts';

/** Scene strings are 1-64 characters on the platform. */
const MAX_SCENE_LENGTH = 64;
const SUBSCRIBE_PREFIX = 'qrscene_';

/**
 * Reads a login-scene scan from a push: `subscribe` (a new follower, EventKey `qrscene_<scene>`)
 * or `SCAN` (an existing follower, EventKey `<scene>`). Anything else, junk included, is null.
 */
export function parseScanPush(xml: string): WechatScanEvent | null {
  const fields = readFlatXml(xml);
  if (!fields || fields.get('MsgType')?.trim() !== 'event') return null;
  const event = fields.get('Event')?.trim();
  const key = fields.get('EventKey')?.trim() ?? '';
  let sceneStr: string;
  if (event === 'subscribe' && key.startsWith(SUBSCRIBE_PREFIX)) sceneStr = key.slice(SUBSCRIBE_PREFIX.length);
  else if (event === 'SCAN') sceneStr = key;
  else return null;
  const openid = fields.get('FromUserName')?.trim();
  const accountId = fields.get('ToUserName')?.trim();
  if (!openid || !accountId || !sceneStr || sceneStr.length > MAX_SCENE_LENGTH) return null;
  return { openid, sceneStr, event, accountId };
}

/** The passive text reply: sent back from the account to the user who triggered the push. */
export function buildTextReply(event: WechatScanEvent, text: string, nowSeconds: number): string {
  return writeFlatXml([
    ['ToUserName', event.openid],
    ['FromUserName', event.accountId],
    ['CreateTime', Math.floor(nowSeconds)],
    ['MsgType', 'text'],
    ['Content', text],
  ]);
}
