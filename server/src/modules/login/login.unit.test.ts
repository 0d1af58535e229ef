import { describe, expect, it } from 'vitest';
import { LOGIN_CHALLENGE_AFTER, loginDelayMs } from './login.service';

describe('the delay of a sign-in after failed logins', () => {
  it('is none below the challenge threshold, then doubles per failure, never more than 4 times the base', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 20, 1000].map((failures) => loginDelayMs(failures, 1000));
    expect(LOGIN_CHALLENGE_AFTER).toBe(3);
    expect(delays).toEqual([0, 0, 0, 1000, 2000, 4000, 4000, 4000, 4000]);
  });

  it('scales with the injected base (tests pass a small one)', () => {
    expect(loginDelayMs(4, 5)).toBe(10);
  });
});
