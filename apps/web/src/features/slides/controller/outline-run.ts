import { create } from 'zustand';
import type { DeckOutlineEvent, DeckOutlineValidateBody } from '@app/shared';
import { readRecord } from '../../../lib/stream-run/record.ts';
import { currentRun, resumeRun, startRun, type RunOutcome, type RunState } from '../../../lib/stream-run/run.ts';
import { outlineStreamUrl, slidesApi } from '../api.ts';

/** The stream-run kind (and resume record) of a deck's outline. */
export const SLIDES_OUTLINE_RUN = 'slides.outline';

interface OutlineRunState {
  /** The deck whose outline streams (null: none, or not known yet while preparing). */
  deckId: number | null;
  text: string;
  state: RunState | null;
}

/** The outline in flight, outside any component: the deck's screen shows it whenever it is on screen. */
export const useOutlineRun = create<OutlineRunState>(() => ({ deckId: null, text: '', state: null }));

export type OutlineOutcome = RunOutcome<DeckOutlineEvent>;

const common = {
  kind: SLIDES_OUTLINE_RUN,
  stop: (secret: string) => slidesApi.stopOutline(secret),
  onText: (text: string) => useOutlineRun.setState({ text }),
  onState: (state: RunState) => useOutlineRun.setState({ state }),
};

const settled = (run: { settled: Promise<OutlineOutcome> }) =>
  run.settled.then((o) => {
    useOutlineRun.setState({ deckId: null, text: '', state: null });
    return o;
  });

/**
 * A new deck: validate (writes the deck, gives the secret) → its outline stream. `onDeck` runs
 * once the deck exists (the page opens it). Null when an outline is already in flight.
 */
export function startOutline(body: DeckOutlineValidateBody, onDeck: (deckId: number) => void): Promise<OutlineOutcome> | null {
  if (currentRun(SLIDES_OUTLINE_RUN)) return null;
  useOutlineRun.setState({ deckId: null, text: '', state: 'preparing' });
  const run = startRun<DeckOutlineEvent, { secret: string; deckId: number }>({
    ...common,
    prepare: () => slidesApi.validate(body),
    onPrepared: (p) => {
      useOutlineRun.setState({ deckId: p.deckId });
      onDeck(p.deckId);
    },
    stream: (p) => ({ url: outlineStreamUrl(p.secret), method: 'GET' }),
    context: (p) => ({ deckId: p.deckId }),
  });
  return settled(run);
}

/** After a reload: re-attaches to the outline that was streaming; its deck id, and how it ends. */
export function resumeOutline(): { deckId: number; settled: Promise<OutlineOutcome> } | null {
  const record = readRecord<{ deckId: number }>(SLIDES_OUTLINE_RUN);
  if (!record || typeof record.context.deckId !== 'number' || currentRun(SLIDES_OUTLINE_RUN)) return null;
  useOutlineRun.setState({ deckId: record.context.deckId, text: '', state: 'streaming' });
  return { deckId: record.context.deckId, settled: settled(resumeRun<DeckOutlineEvent>(common, record)) };
}

export const stopOutlineRun = () => void currentRun(SLIDES_OUTLINE_RUN)?.stop();
