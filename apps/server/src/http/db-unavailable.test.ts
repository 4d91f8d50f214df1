import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from './db-unavailable.js';

/** Drizzle wraps the driver's error in `cause`: both levels are read. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: insert into …'), { cause });

describe('databaseUnavailable', () => {
  it.each([
    ['the connection dropped mid-query', new Error('Connection terminated unexpectedly'), true],
    ['wrapped by Drizzle', wrapped(new Error('Connection terminated unexpectedly')), true],
    ['refused (the primary is down)', Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }), true],
    ['admin shutdown (57P01)', wrapped({ code: '57P01', message: 'terminating connection' }), true],
    [
      'the standby still starting (57P03)',
      { code: '57P03', message: 'the database system is starting up' },
      true,
    ],
    ['a connection exception (08006)', { code: '08006', message: 'connection failure' }, true],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect'), true],
    ['a unique violation is not', wrapped({ code: '23505', message: 'duplicate key' }), false],
    ['a data exception is not', { code: '22P02', message: 'invalid input syntax for type uuid' }, false],
    ['a plain bug is not', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
  ])('%s', (_what, err, expected) => {
    expect(databaseUnavailable(err)).toBe(expected);
  });
});
