import type { DocumentCitation } from '@app/shared';

/** A message of a document's conversation as the screen keeps it. */
export interface DocItem {
  /** Stable client key (React key, live text). */
  key: string;
  /** Server message id, once saved. */
  id: number | null;
  role: 'user' | 'assistant';
  text: string;
  /** The action's value (or label, as the server saved it). */
  action: string;
  language: string;
  status: 'complete' | 'stopped' | 'error';
  error: string | null;
  citations: DocumentCitation[];
  /** The reply is being generated. */
  loading: boolean;
}
