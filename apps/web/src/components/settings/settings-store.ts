import { create } from 'zustand';
import { DEFAULT_TEMPERATURE, TEMPERATURE_MAX } from '@app/shared/constants';
import { storage, StorageKey } from '../../lib/storage.ts';

/** The server's bound of a system message (chat/create). */
export const SYSTEM_MESSAGE_MAX = 4000;

/** SPEC §3 settings store (local key settingsStorage, no expiry): the system message; and SPEC §9's temperature. */
export interface ChatSettings {
  systemMessage: string;
  temperature: number;
}

export const DEFAULT_SETTINGS: ChatSettings = { systemMessage: '', temperature: DEFAULT_TEMPERATURE };

/** A temperature from storage: a number in 0..1.6 at one decimal, else the default. */
export function cleanTemperature(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) return DEFAULT_TEMPERATURE;
  return Math.round(Math.min(TEMPERATURE_MAX, Math.max(0, v)) * 10) / 10;
}

export function readSettings(): ChatSettings {
  const saved = storage.get<Partial<ChatSettings>>(StorageKey.settings);
  if (!saved || typeof saved !== 'object') return { ...DEFAULT_SETTINGS };
  return {
    systemMessage: typeof saved.systemMessage === 'string' ? saved.systemMessage.slice(0, SYSTEM_MESSAGE_MAX) : '',
    temperature: 'temperature' in saved ? cleanTemperature(saved.temperature) : DEFAULT_TEMPERATURE,
  };
}

interface SettingsState extends ChatSettings {
  save(s: ChatSettings): void;
  reset(): void;
}

export const useChatSettings = create<SettingsState>((set) => ({
  ...readSettings(),
  save: (s) => {
    const next = { systemMessage: s.systemMessage.slice(0, SYSTEM_MESSAGE_MAX), temperature: cleanTemperature(s.temperature) };
    storage.set(StorageKey.settings, next, null);
    set(next);
  },
  reset: () => {
    storage.set(StorageKey.settings, DEFAULT_SETTINGS, null);
    set({ ...DEFAULT_SETTINGS });
  },
}));

/** What chat/create gets from the settings: the temperature always, the system message when there is one. */
export function settingsForRequest(): { temperature: number; systemMessage?: string } {
  const { systemMessage, temperature } = useChatSettings.getState();
  return systemMessage.trim() ? { temperature, systemMessage: systemMessage.trim() } : { temperature };
}

/** SPEC §9: the labels along the temperature scale, 0 to 1.6. */
export const TEMPERATURE_MARKS = [0, 0.4, 0.8, 1.2, 1.6] as const;
export function temperatureLabelKey(v: number): 'strict' | 'precise' | 'balanced' | 'creative' | 'wild' {
  if (v < 0.2) return 'strict';
  if (v < 0.6) return 'precise';
  if (v < 1.0) return 'balanced';
  if (v < 1.4) return 'creative';
  return 'wild';
}
