import type { MindCreateBody, MindCreateReply, MindDetail, MindHistoriesReply } from '@app/shared';
import { callRoute, endpoint } from '../../lib/api.ts';

/** The JSON calls of mind maps (packages/shared/src/routes/mind.ts is the contract). */

const create = endpoint('mind.create', 'POST', '/api/mind/create');
const stop = endpoint('mind.stop', 'POST', '/api/mind/stop');
const histories = endpoint('mind.histories', 'GET', '/api/mind/histories');
const detail = endpoint('mind.detail', 'GET', '/api/mind/detail/:id');
const update = endpoint('mind.update', 'POST', '/api/mind/update');
const remove = endpoint('mind.delete', 'POST', '/api/mind/delete');
const importMap = endpoint('mind.import', 'POST', '/api/mind/import');

/** The stream of SPEC §7.2: POST /chatgpt/chat-mind with prompt, options (secret, model…), systemMessage. */
export const MIND_STREAM_URL = '/chatgpt/chat-mind';

export const createMind = (body: MindCreateBody): Promise<MindCreateReply> => callRoute(create, body);
export const stopMind = (secret: string) => callRoute(stop, { secret }, { silent: true });
export const fetchMinds = (): Promise<MindHistoriesReply> => callRoute(histories, undefined, { silent: true });
export const fetchMind = (id: number): Promise<MindDetail> => callRoute(detail, undefined, { params: { id } });
export const saveMind = (id: number, markdown: string): Promise<MindDetail> => callRoute(update, { id, markdown });
export const deleteMind = (id: number) => callRoute(remove, { id });
export const importMind = (markdown: string): Promise<MindDetail> => callRoute(importMap, { markdown });
