import { useId, useState } from 'react';
import { TEMPERATURE_MAX } from '@app/shared/constants';
import { toast } from '../../lib/toast.ts';
import { Modal, modalButton } from '../Modal.tsx';
import { DEFAULT_SETTINGS, SYSTEM_MESSAGE_MAX, TEMPERATURE_MARKS, temperatureLabelKey, useChatSettings } from './settings-store.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * SPEC §3 settings and §9 temperature: edited here, saved locally, sent with every chat turn.
 * `takesTemperature` false: the chosen model takes none (OpenAI o-series, gpt-5), so the slider is off and says why.
 */
export default function SettingsDialog({ open, onOpenChange, takesTemperature = true }: { open: boolean; onOpenChange(open: boolean): void; takesTemperature?: boolean }) {
  const { t } = useTranslation('settings');
  const ids = useId();
  const saved = useChatSettings();
  const [systemMessage, setSystemMessage] = useState(saved.systemMessage);
  const [temperature, setTemperature] = useState(saved.temperature);

  const save = () => {
    useChatSettings.getState().save({ systemMessage, temperature });
    toast.success(t('saved'));
    onOpenChange(false);
  };
  const reset = () => {
    useChatSettings.getState().reset();
    setSystemMessage(DEFAULT_SETTINGS.systemMessage);
    setTemperature(DEFAULT_SETTINGS.temperature);
    toast.success(t('resetDone'));
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      description={t('desc')}
      widthClass="md:w-[520px]"
      footer={
        <>
          <button type="button" className={modalButton.secondary} onClick={reset}>
            {t('reset')}
          </button>
          <button type="button" className={modalButton.primary} onClick={save}>
            {t('save')}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-5 py-1">
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={`${ids}-system`} className="text-sm font-medium">
              {t('system')}
            </label>
            <span className="text-xs tabular-nums text-neutral-500 dark:text-neutral-400">{t('count', { count: systemMessage.length, max: SYSTEM_MESSAGE_MAX })}</span>
          </div>
          <textarea
            id={`${ids}-system`}
            value={systemMessage}
            maxLength={SYSTEM_MESSAGE_MAX}
            rows={4}
            onChange={(e) => setSystemMessage(e.target.value)}
            placeholder={t('systemPlaceholder')}
            aria-describedby={`${ids}-system-hint`}
            className="w-full resize-y rounded-xl border border-neutral-200 bg-white px-3 py-2 text-sm leading-6 outline-none focus:border-primary dark:border-neutral-700 dark:bg-neutral-900"
          />
          <p id={`${ids}-system-hint`} className="text-xs leading-5 text-neutral-500 dark:text-neutral-400">
            {t('systemHint')}
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor={`${ids}-temp`} className="text-sm font-medium">
            {t('temperature', { value: temperature.toFixed(1) })}
            <span className="ml-2 rounded-md bg-primary-soft px-1.5 py-0.5 text-xs text-primary-fg">{t(`marks.${temperatureLabelKey(temperature)}`)}</span>
          </label>
          <input
            id={`${ids}-temp`}
            type="range"
            min={0}
            max={TEMPERATURE_MAX}
            step={0.1}
            value={temperature}
            onChange={(e) => setTemperature(Number(e.target.value))}
            disabled={!takesTemperature}
            aria-valuetext={`${temperature.toFixed(1)} ${t(`marks.${temperatureLabelKey(temperature)}`)}`}
            aria-describedby={`${ids}-temp-hint`}
            className="w-full accent-[var(--color-primary)] disabled:opacity-50"
          />
          <div className="flex justify-between text-xs text-neutral-500 dark:text-neutral-400" aria-hidden>
            {TEMPERATURE_MARKS.map((m) => (
              <button key={m} type="button" tabIndex={-1} disabled={!takesTemperature} onClick={() => setTemperature(m)} className="flex flex-col items-center gap-0.5 hover:text-neutral-800 dark:hover:text-neutral-200">
                <span className="tabular-nums">{m.toFixed(1)}</span>
                <span>{t(`marks.${temperatureLabelKey(m)}`)}</span>
              </button>
            ))}
          </div>
          <p id={`${ids}-temp-hint`} className="text-xs leading-5 text-neutral-500 dark:text-neutral-400">
            {takesTemperature ? t('temperatureHint') : t('temperatureNotTaken')}
          </p>
        </div>
      </div>
    </Modal>
  );
}
