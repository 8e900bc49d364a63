import { beforeEach, describe, expect, it } from 'vitest';
import { cleanTemperature, readSettings, settingsForRequest, temperatureLabelKey, useChatSettings } from './settings-store.ts';

describe('chat settings (SPEC §3 settingsStorage, §9 temperature)', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to no system message and temperature 0.8', () => {
    expect(readSettings()).toEqual({ systemMessage: '', temperature: 0.8 });
  });

  it('saves under settingsStorage without expiry and sends what was saved', () => {
    useChatSettings.getState().save({ systemMessage: '  你是数学老师  ', temperature: 1.23 });
    const raw = JSON.parse(localStorage.getItem('settingsStorage')!);
    expect(raw).toEqual({ data: { systemMessage: '  你是数学老师  ', temperature: 1.2 }, expire: null });
    expect(settingsForRequest()).toEqual({ temperature: 1.2, systemMessage: '你是数学老师' });
    useChatSettings.getState().reset();
    expect(settingsForRequest()).toEqual({ temperature: 0.8 });
  });

  it('keeps a stored temperature within 0..1.6 and ignores garbage', () => {
    expect(cleanTemperature(9)).toBe(1.6);
    expect(cleanTemperature(-1)).toBe(0);
    expect(cleanTemperature('x')).toBe(0.8);
    localStorage.setItem('settingsStorage', JSON.stringify({ data: { systemMessage: 5, temperature: null }, expire: null }));
    expect(readSettings()).toEqual({ systemMessage: '', temperature: 0.8 });
  });

  it('labels the scale from 0 to 1.6', () => {
    expect([0, 0.4, 0.8, 1.2, 1.6].map(temperatureLabelKey)).toEqual(['strict', 'precise', 'balanced', 'creative', 'wild']);
  });
});
