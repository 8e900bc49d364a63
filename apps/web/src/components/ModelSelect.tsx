import type { Feature } from '@app/shared';

interface Props {
  features: Feature[] | undefined;
  value: string;
  disabled: boolean;
  label: string;
  onChange(code: string): void;
}

/** The model picker of a tool screen's header (shown only when there is a choice). */
export function ModelSelect({ features, value, disabled, label, onChange }: Props) {
  if (!features || features.length < 2) return null;
  return (
    <label className="flex items-center gap-1.5 text-xs text-neutral-500 dark:text-neutral-400">
      <span className="sr-only md:not-sr-only">{label}</span>
      <select
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="h-8 max-w-[140px] rounded-lg border border-neutral-200 bg-white px-2 text-[13px] text-neutral-800 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
      >
        {features.map((f) => (
          <option key={f.code} value={f.code}>
            {f.label}
          </option>
        ))}
      </select>
    </label>
  );
}
