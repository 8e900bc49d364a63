import { useState } from 'react';
import { useSession } from '../lib/session.ts';

/** The assistant's avatar (SPEC §2.7): config robotAvatar, else an inline robot icon. Always 32 px. */
export function RobotAvatar({ size = 32 }: { size?: number }) {
  const src = useSession((s) => s.globalConfig?.robotAvatar);
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        onError={() => setFailed(src)}
        className="shrink-0 rounded-full object-cover ring-1 ring-black/5 dark:ring-white/10"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-fg ring-1 ring-primary/10"
      style={{ width: size, height: size }}
    >
      <svg viewBox="0 0 24 24" width={size * 0.6} height={size * 0.6} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 4v3" />
        <circle cx="12" cy="3.2" r="1" fill="currentColor" stroke="none" />
        <rect x="4.5" y="7" width="15" height="12" rx="4" />
        <circle cx="9.2" cy="12.6" r="1.3" fill="currentColor" stroke="none" />
        <circle cx="14.8" cy="12.6" r="1.3" fill="currentColor" stroke="none" />
        <path d="M10 16.2h4" />
        <path d="M2.5 12v2.5M21.5 12v2.5" />
      </svg>
    </span>
  );
}
