import { storage, StorageKey } from '../../lib/storage.ts';

/** What mobile login, registration and WeChat polling send besides the form (SPEC §3). */
export function inviteFields(): { client_code?: string; invitedBy?: string } {
  const clientCode = storage.get<string>(StorageKey.clientCode);
  const invitedBy = storage.get<string>(StorageKey.invitedBy);
  return {
    ...(clientCode ? { client_code: String(clientCode) } : {}),
    ...(invitedBy ? { invitedBy: String(invitedBy) } : {}),
  };
}
