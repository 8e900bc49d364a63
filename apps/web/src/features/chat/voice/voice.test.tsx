import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { mockApi, ok, resetSession, website } from '../../../app/test/fixtures.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { ReadAloudButton } from '../components/ReadAloudButton.tsx';
import { VoiceButton } from '../components/VoiceButton.tsx';
import { speakableText } from './read-aloud.ts';
import '../locales.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const withVoice = (voice: { transcribe: boolean; speech: boolean }) => resetSession({ ready: true, token: 'tok', website: { ...website(), voice } });

/** A stand-in for the Web Speech API's recognition: the test says what was heard. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = true;
  onresult: ((e: unknown) => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  started = false;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {
    this.onend?.();
  }
  abort() {
    this.onend?.();
  }
  hear(text: string) {
    this.onresult?.({ resultIndex: 0, results: [{ isFinal: true, 0: { transcript: text } }] });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.info).mockClear();
  FakeRecognition.last = null;
});

describe('dictation (VoiceButton)', () => {
  it('is hidden where neither the server nor the browser can take dictation', () => {
    withVoice({ transcribe: false, speech: false });
    render(<VoiceButton onText={() => {}} />);
    expect(screen.queryByTestId('voice-input')).toBeNull();
  });

  it("uses the browser's recognition in the page's language: final words go to the input, a second press ends it", async () => {
    withVoice({ transcribe: false, speech: false });
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const said: string[] = [];
    render(<VoiceButton onText={(t) => said.push(t)} />);
    const button = screen.getByRole('button', { name: '语音输入' });
    fireEvent.click(button);
    await waitFor(() => expect(FakeRecognition.last?.started).toBe(true));
    expect(FakeRecognition.last).toMatchObject({ lang: 'zh-CN', continuous: true, interimResults: false });
    expect(screen.getByRole('button', { name: '结束语音输入' }).getAttribute('aria-pressed')).toBe('true');
    act(() => FakeRecognition.last!.hear(' 明天天气怎么样 '));
    expect(said).toEqual(['明天天气怎么样']);
    fireEvent.click(screen.getByRole('button', { name: '结束语音输入' }));
    expect(screen.getByRole('button', { name: '语音输入' })).toBeTruthy();
    expect(toast.info).not.toHaveBeenCalled();
  });

  it('a blocked microphone is said plainly', async () => {
    withVoice({ transcribe: false, speech: false });
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    render(<VoiceButton onText={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: '语音输入' }));
    await waitFor(() => expect(FakeRecognition.last?.started).toBe(true));
    act(() => {
      FakeRecognition.last!.onerror!({ error: 'not-allowed' });
      FakeRecognition.last!.onend!();
    });
    expect(toast.error).toHaveBeenCalledWith('无法使用麦克风，请在浏览器设置中允许本站访问麦克风');
  });

  it('with the server transcribing: records a clip, uploads it as multipart and puts the text in the input', async () => {
    withVoice({ transcribe: true, speech: false });
    const stopTrack = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] })) } });
    class FakeRecorder {
      static isTypeSupported = (t: string) => t === 'audio/webm;codecs=opus';
      state = 'inactive';
      mimeType = 'audio/webm;codecs=opus';
      ondataavailable: ((e: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2])]) });
        this.onstop?.();
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    let sent: FormData | null = null;
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      sent = init.body as FormData;
      return new Response(JSON.stringify({ code: 200, success: true, message: '', data: { text: '你好世界' } }), { headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const said: string[] = [];
    render(<VoiceButton onText={(t) => said.push(t)} />);
    fireEvent.click(screen.getByRole('button', { name: '语音输入' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '结束语音输入' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '结束语音输入' }));
    await waitFor(() => expect(said).toEqual(['你好世界']));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/voice/transcribe');
    expect((sent!.get('file') as Blob).size).toBe(6);
    expect(stopTrack).toHaveBeenCalled();
  });

  it('asks a guest to log in before recording for the server', () => {
    withVoice({ transcribe: true, speech: false });
    useSession.setState({ token: null });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn() } });
    vi.stubGlobal('MediaRecorder', class {});
    const openLogin = vi.spyOn(useSession.getState(), 'openLogin');
    render(<VoiceButton onText={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: '语音输入' }));
    expect(openLogin).toHaveBeenCalled();
  });
});

describe('read-aloud (ReadAloudButton)', () => {
  beforeEach(() => withVoice({ transcribe: false, speech: false }));

  it('reads the words of a reply with the browser voice in the page language; pressing again stops', async () => {
    const spoken: { text: string; lang: string }[] = [];
    const cancel = vi.fn();
    vi.stubGlobal('SpeechSynthesisUtterance', class {
      lang = '';
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public text: string) {}
    });
    vi.stubGlobal('speechSynthesis', { speak: (u: { text: string; lang: string }) => spoken.push({ text: u.text, lang: u.lang }), cancel });
    render(<ReadAloudButton text={'## 标题\n\n**重点**：见 [文档](https://x.y)。\n\n```js\nconsole.log(1)\n```'} />);
    fireEvent.click(screen.getByRole('button', { name: '朗读' }));
    await waitFor(() => expect(spoken).toEqual([{ text: '标题 重点：见 文档。', lang: 'zh-CN' }]));
    fireEvent.click(screen.getByRole('button', { name: '停止朗读' }));
    expect(cancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '朗读' })).toBeTruthy();
  });

  it("plays the server's voice when configured", async () => {
    withVoice({ transcribe: false, speech: true });
    const played: string[] = [];
    vi.stubGlobal('Audio', class {
      onended: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public src: string) {
        played.push(src);
      }
      play() {
        return Promise.resolve();
      }
      pause() {}
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:voice', revokeObjectURL: vi.fn() }));
    const api = mockApi({});
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Uint8Array([0x49, 0x44, 0x33]), { headers: { 'Content-Type': 'audio/mpeg' } })));
    render(<ReadAloudButton text="你好" />);
    fireEvent.click(screen.getByRole('button', { name: '朗读' }));
    await waitFor(() => expect(played).toEqual(['blob:voice']));
    expect(api.calls).toHaveLength(0);
    void ok;
  });

  it('is hidden where the browser has no voices and the server none', () => {
    render(<ReadAloudButton text="你好" />);
    expect(screen.queryByRole('button', { name: '朗读' })).toBeNull();
  });
});

describe('speakableText', () => {
  it('drops code, images, link targets and markdown marks; keeps the words', () => {
    expect(speakableText('# 一\n- 二\n1. 三\n> 四 `五` ![图](a.png) $$x^2$$ ~~六~~')).toBe('一 二 三 四 五 六');
  });
});
