import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './connection-failure';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it('knows a server down, restarting or cut off by its socket errors and SQLSTATEs', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'EPIPE',
      'ETIMEDOUT',
      '08006',
      '08003',
      '08P01',
      '57P01',
      '57P02',
      '57P03',
    ]) {
      expect(isDatabaseUnreachable(withCode(code)), code).toBe(true);
    }
  });

  it("knows node-postgres's own errors for a lost connection, and a connect that failed on every address", () => {
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated due to connection timeout', { cause: new Error('x') }))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('is not a query the database refused, nor any other error', () => {
    for (const code of ['23505', '22001', '40001', '42P01', '57014'])
      expect(isDatabaseUnreachable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnreachable(new Error('Connection terminated'))).toBe(false); // the pool closing, as asked
    expect(isDatabaseUnreachable(new TypeError('boom'))).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
  });
});
