import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { errorMessage } from './use-error-message';

const t = (key: string) => `<${key}>`;

describe('errorMessage', () => {
  it("shows the server's words (already in the site language)", () => {
    expect(errorMessage(new ApiError(429, 'rate_limited', 'Too many attempts.'), t)).toBe('Too many attempts.');
  });

  it('says no network for a call that never reached the server', () => {
    expect(errorMessage(new ApiError(0, 'network', ''), t, 'search.failed')).toBe('<errors.network>');
  });

  it("falls back to the screen's failure, else the generic one", () => {
    expect(errorMessage(new ApiError(500, 'internal_error', ''), t, 'search.failed')).toBe('<search.failed>');
    expect(errorMessage(new TypeError('boom'), t)).toBe('<errors.internal_error>');
  });
});
