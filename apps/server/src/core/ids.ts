import { createHash, randomBytes, randomInt } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const randomDigits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const inviteCode = (n = 8) => Array.from({ length: n }, () => INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)]).join('');
