import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isTransactionConflict } from '../../src/server/db/unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it('recognises a lost, refused or shut-down connection, also inside a wrapped error', () => {
    for (const error of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300'),
      withCode('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new Error('PGlite is closed'),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(isDatabaseUnavailable(wrapped(error)), String(error)).toBe(true);
    }
  });

  it('leaves query errors and bugs alone', () => {
    for (const error of [withCode('23505', 'duplicate key'), withCode('22P02', 'invalid input syntax'), withCode('40001'), new TypeError('x is undefined'), 'text', null]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
    }
  });
});

describe('isTransactionConflict', () => {
  it('recognises a deadlock PostgreSQL broke and a serialization failure, also wrapped, and nothing else', () => {
    for (const error of [withCode('40P01', 'deadlock detected'), withCode('40001', 'could not serialize access')]) {
      expect(isTransactionConflict(error)).toBe(true);
      expect(isTransactionConflict(wrapped(error))).toBe(true);
    }
    for (const error of [withCode('23505'), withCode('57P01'), new Error('x'), null]) expect(isTransactionConflict(error)).toBe(false);
  });
});
