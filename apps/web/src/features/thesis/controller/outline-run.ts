import { create } from 'zustand';
import { Code, type ThesisOutlineEvent } from '@app/shared';
import { readRecord } from '../../../lib/stream-run/record.ts';
import { currentRun, resumeRun, startRun, type RunOutcome, type RunState } from '../../../lib/stream-run/run.ts';
import { OUTLINE_STREAM_URL, prepareOutline, stopOutline } from '../api.ts';

/** The stream-run kind (and resume record) of a thesis outline. */
export const THESIS_OUTLINE_RUN = 'thesis.outline';

interface OutlineRunState {
  /** The thesis whose outline streams (null: none). */
  id: number | null;
  text: string;
  state: RunState | null;
}

/**
 * The outline in flight, outside any component: it goes on while another thesis is shown in the
 * page (one at a time), and the view of its thesis shows it whenever it is on screen.
 */
export const useOutlineRun = create<OutlineRunState>(() => ({ id: null, text: '', state: null }));

type Outcome = RunOutcome<ThesisOutlineEvent>;

const callbacks = (id: number) => ({
  kind: THESIS_OUTLINE_RUN,
  stop: stopOutline,
  onText: (text: string) => useOutlineRun.getState().id === id && useOutlineRun.setState({ text }),
  onState: (state: RunState) => useOutlineRun.getState().id === id && useOutlineRun.setState({ state }),
});

const settled = (id: number, run: { settled: Promise<Outcome> }) =>
  run.settled.then((o) => {
    if (useOutlineRun.getState().id === id) useOutlineRun.setState({ id: null, text: '', state: null });
    return o;
  });

/** Starts generating the outline of thesis `id` (prepare → stream); resolves with how it ended. */
export function startOutline(id: number): Promise<Outcome> | null {
  if (currentRun(THESIS_OUTLINE_RUN)) return null;
  useOutlineRun.setState({ id, text: '', state: 'preparing' });
  const run = startRun<ThesisOutlineEvent, { secret: string }>({
    ...callbacks(id),
    prepare: () => prepareOutline(id),
    stream: (p) => ({ url: OUTLINE_STREAM_URL, method: 'POST', body: { id, secret: p.secret } }),
    context: () => ({ id }),
  });
  return settled(id, run);
}

/** After a reload: re-attaches to the outline of thesis `id` that was streaming, if any. */
export function resumeOutline(id: number): Promise<Outcome> | null {
  const record = readRecord<{ id: number }>(THESIS_OUTLINE_RUN);
  if (!record || record.context.id !== id || currentRun(THESIS_OUTLINE_RUN)) return null;
  useOutlineRun.setState({ id, text: '', state: 'streaming' });
  return settled(id, resumeRun<ThesisOutlineEvent>(callbacks(id), record));
}

export const stopOutlineRun = () => void currentRun(THESIS_OUTLINE_RUN)?.stop();

/** What a settled outline says to the user: null when nothing (done, gone, a refusal the http client showed). */
export function outlineNotice(o: Outcome): { kind: 'error' | 'info'; message: string } | 'cut' | null {
  if (o.kind === 'cut') return 'cut';
  // A stop ends the turn with 已停止生成大纲: said as information, not as a failure.
  if (o.kind === 'error' && o.message && o.code !== Code.TOKEN_INVALID) return { kind: o.code === Code.BAD_REQUEST && o.event ? 'info' : 'error', message: o.message };
  return null;
}
