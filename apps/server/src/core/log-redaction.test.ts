import { describe, expect, it } from 'vitest';
import { loggableError } from '../app.ts';

describe('what an unexpected error logs', () => {
  it('drops the parameters of a failed query and any argon2 hash', () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const err = Object.assign(new Error(`Failed query: update "users" set "nickname" = $1, "password_hash" = $2\nparams: a\u0000b,${hash}`), {
      params: ['a\u0000b', hash],
      cause: Object.assign(new Error(`invalid byte sequence ${hash}`), { code: '22021' }),
    });
    const logged = JSON.stringify(loggableError(err));
    expect(logged).toContain('Failed query: update');
    expect(logged).toContain('22021');
    expect(logged).not.toContain('argon2');
    expect(logged).not.toContain('params');
  });
});
