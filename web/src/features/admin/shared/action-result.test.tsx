import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ActionResultStatus } from './action-result';

const html = (result: Parameters<typeof ActionResultStatus>[0]['result']) =>
  renderToStaticMarkup(<ActionResultStatus result={result} />);

describe('an admin action’s result, announced', () => {
  it('says what worked in a status line, and why not in an alert', () => {
    expect(html({ ok: true, message: 'Coupon SPRING withdrawn.' })).toBe(
      '<p tabindex="-1" class="form-status form-status--success" role="status">Coupon SPRING withdrawn.</p>',
    );
    expect(html({ ok: false, message: 'The coupon could not be withdrawn.' })).toBe(
      '<p tabindex="-1" class="form-status form-status--success" role="status"></p>' +
        '<p class="form-status form-status--error" role="alert">The coupon could not be withdrawn.</p>',
    );
  });

  it('keeps the status line, empty, when there is nothing to say (it is announced when it fills)', () => {
    expect(html(undefined)).toBe('<p tabindex="-1" class="form-status form-status--success" role="status"></p>');
  });
});
