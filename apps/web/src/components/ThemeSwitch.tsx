import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { clsx } from 'clsx';
import { THEMES, useAppSetting, type Theme } from '../lib/app-setting.ts';
import './locales.ts';
import { useTranslation } from '../lib/i18n.ts';

const ICONS: Record<Theme, LucideIcon> = { auto: Monitor, light: Sun, dark: Moon };

/**
 * Theme switch (auto, light, dark). `segmented` shows all three; `compact` is one button that
 * cycles through them, for tight headers on mobile.
 */
export function ThemeSwitch({ variant = 'segmented', className }: { variant?: 'segmented' | 'compact'; className?: string }) {
  const { t } = useTranslation('common');
  const theme = useAppSetting((s) => s.theme);
  const setTheme = useAppSetting((s) => s.setTheme);

  if (variant === 'compact') {
    const Icon = ICONS[theme];
    const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!;
    return (
      <button
        type="button"
        onClick={() => setTheme(next)}
        aria-label={`${t('theme.label')}：${t(`theme.${theme}`)}`}
        title={`${t('theme.label')}：${t(`theme.${theme}`)}`}
        className={clsx(
          'inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 transition-colors hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
          className,
        )}
      >
        <Icon className="size-[18px]" aria-hidden />
      </button>
    );
  }

  return (
    <div
      role="radiogroup"
      aria-label={t('theme.label')}
      className={clsx('inline-flex rounded-lg bg-neutral-100 p-0.5 dark:bg-neutral-800', className)}
    >
      {THEMES.map((value) => {
        const Icon = ICONS[value];
        const active = value === theme;
        return (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={active}
            aria-label={t(`theme.${value}`)}
            title={t(`theme.${value}`)}
            onClick={() => setTheme(value)}
            className={clsx(
              'inline-flex h-7 w-8 items-center justify-center rounded-md transition-colors',
              active
                ? 'bg-white text-neutral-900 shadow-sm dark:bg-neutral-700 dark:text-white'
                : 'text-neutral-500 hover:text-neutral-800 dark:text-neutral-400 dark:hover:text-neutral-100',
            )}
          >
            <Icon className="size-4" aria-hidden />
          </button>
        );
      })}
    </div>
  );
}
