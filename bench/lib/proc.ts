import { readFileSync } from 'node:fs';

/** A process's resident memory figure in kB from /proc (VmHWM: its peak; VmRSS: now); 0 once it has gone. Linux only. */
export function memoryKb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

export const mbOfKb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
