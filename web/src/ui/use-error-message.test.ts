import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf } from '../lib/api-client';
import { errorMessage } from './use-error-message';

const t = (key: string, values?: Record<string, unknown>) => `<${key}${values ? ` ${JSON.stringify(values)}` : ''}>`;

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

  it("shows a 503's words and the request id a family can quote", () => {
    // As the server answers it (plugins/errors.ts): the body names the request.
    const down = apiErrorOf(503, {
      code: 'database_unavailable',
      message: 'The site cannot reach its records for a moment. Please try again in a minute.',
      request_id: 'req-3f',
    });

    expect(errorMessage(down, t)).toBe(
      'The site cannot reach its records for a moment. Please try again in a minute. <errors.reference {"id":"req-3f"}>',
    );
  });

  it('says the service is unavailable for a bare 502-504 from a proxy, and adds no reference without an id', () => {
    expect(errorMessage(new ApiError(503, 'internal_error', ''), t, 'search.failed')).toBe('<errors.service_unavailable>');
    expect(errorMessage(new ApiError(500, 'internal_error', ''), t, 'search.failed')).toBe('<search.failed>');
  });
});
