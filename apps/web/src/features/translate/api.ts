import type { TranslateCreateInput, TranslateCreateReply, TranslateHistoriesReply } from '@app/shared';
import { callRoute, endpoint } from '../../lib/api.ts';

/** The JSON calls of translation (packages/shared/src/routes/translate.ts is the contract). */

const create = endpoint('translate.create', 'POST', '/api/translate/create');
const stop = endpoint('translate.stop', 'POST', '/api/translate/stop');
const histories = endpoint('translate.histories', 'GET', '/api/translate/histories');
const remove = endpoint('translate.delete', 'POST', '/api/translate/delete');

/** POST: the streamed translation of a prepared turn. */
export const TRANSLATE_STREAM_URL = '/api/chat/translate';

export const createTranslation = (body: TranslateCreateInput): Promise<TranslateCreateReply> => callRoute(create, body);
export const stopTranslation = (secret: string) => callRoute(stop, { secret }, { silent: true });
export const fetchTranslations = (): Promise<TranslateHistoriesReply> => callRoute(histories, undefined, { silent: true });
export const deleteTranslation = (id: number) => callRoute(remove, { id });
