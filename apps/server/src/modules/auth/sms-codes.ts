import { timingSafeEqual } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_PER_PHONE_INTERVAL_SECONDS,
  SMS_PER_PHONE_PER_DAY,
} from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError, badRequest, tooMany } from '../../core/errors.ts';
import { randomDigits, randomToken, sha256 } from '../../core/ids.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { SmsSendError } from '../../providers/sms/types.ts';

interface StoredCode {
  mobile: string;
  hash: string;
}

/** Issues a 6-digit code for a phone, rate-limited per phone and per IP; returns its sms_id. */
export async function sendSmsCode(ctx: AppContext, mobile: string, ip: string) {
  await limitOrThrow(ctx.kv, `sms-ip:${ip}`, ctx.config.env.SMS_PER_IP_PER_HOUR, 3600, '发送过于频繁，请稍后再试');
  const gap = await ctx.kv.setIfAbsent(`sms-gap:${mobile}`, '1', SMS_PER_PHONE_INTERVAL_SECONDS);
  if (!gap) throw tooMany(`验证码已发送，请${SMS_PER_PHONE_INTERVAL_SECONDS}秒后再试`);
  await limitOrThrow(ctx.kv, `sms-day:${mobile}`, SMS_PER_PHONE_PER_DAY, 86400, '该手机号今日获取验证码次数已达上限');

  const code = randomDigits(SMS_CODE_LENGTH);
  const smsId = randomToken(16);
  try {
    await ctx.sms.sendCode(mobile, code);
  } catch (e) {
    await ctx.kv.del(`sms-gap:${mobile}`);
    const message = e instanceof SmsSendError ? e.message : '短信发送失败，请稍后重试';
    ctx.log.warn({ err: e, mobile }, 'sms send failed');
    throw new AppError(500, message, 200);
  }
  const stored: StoredCode = { mobile, hash: sha256(`${smsId}:${code}`) };
  await ctx.kv.set(`sms:${smsId}`, JSON.stringify(stored), SMS_CODE_TTL_SECONDS);
  return { sms_id: smsId };
}

/** Checks a code; each sms_id allows 5 tries and is consumed by the first correct one. */
export async function consumeSmsCode(ctx: AppContext, smsId: string, mobile: string, code: string) {
  const raw = await ctx.kv.get(`sms:${smsId}`);
  if (!raw) throw badRequest('验证码已过期，请重新获取');
  const stored = JSON.parse(raw) as StoredCode;
  const tries = await ctx.kv.incr(`sms-try:${smsId}`, SMS_CODE_TTL_SECONDS);
  if (tries > SMS_CODE_MAX_TRIES) {
    await ctx.kv.del(`sms:${smsId}`);
    throw badRequest('验证码错误次数过多，请重新获取');
  }
  const given = Buffer.from(sha256(`${smsId}:${code}`));
  const match = stored.mobile === mobile && timingSafeEqual(given, Buffer.from(stored.hash));
  if (!match) {
    const left = SMS_CODE_MAX_TRIES - tries;
    if (left <= 0) await ctx.kv.del(`sms:${smsId}`);
    throw badRequest(left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取');
  }
  // Only one request may use a correct code.
  if ((await ctx.kv.take(`sms:${smsId}`)) === null) throw badRequest('验证码已过期，请重新获取');
}
