/**
 * Fen <-> yuan strings by string arithmetic only: 0.1 + 0.2 style float errors must never reach a
 * gateway or an amount check.
 */

/** 1 -> '0.01', 100 -> '1.00', 123456 -> '1234.56'. Throws on anything but a non-negative safe integer. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`金额必须是非负整数（分）：${fen}`);
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * '0.01' -> 1, '1' -> 100, '1.5' -> 150, '12.30' -> 1230; '1.500' is allowed (trailing zeros only).
 * Returns null for anything else: signs, exponents, spaces, a third significant decimal, or a value
 * too large to be a safe integer of fen.
 */
export function yuanToFen(yuan: string): number | null {
  if (typeof yuan !== 'string') return null;
  const m = /^(\d{1,13})(?:\.(\d{1,2})0*)?$/.exec(yuan);
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}
