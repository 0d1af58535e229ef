import type { CartLine, LangCode } from '@storyhouse/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider, loadMessages } from '../../lib/i18n';
import { CartLineItem } from './cart-line-item';

/** A gift in memory of someone, with a notice to the person the donor named (decision 070). */
const tributeLine = (notify: NonNullable<CartLine['tribute']>['notify']): CartLine => ({
  sku_id: 7,
  type: 'donation',
  title: 'Missions',
  code: 'missions',
  product_id: null,
  product_title: null,
  product_slug: null,
  quantity: 1,
  price_usd: 25,
  full_price_usd: 25,
  subtotal_usd: 25,
  full_price_subtotal_usd: 25,
  is_shipped_free: true,
  is_available: true,
  sold_out: false,
  image_url: null,
  line_id: 3,
  description: 'This gift is in memory of Grandma Rose',
  fee_covered_usd: 0,
  recipient: null,
  tribute: { kind: 'in_memory_of', honoree: 'Grandma Rose', notify },
  anonymous: false,
  owned: false,
});

/** The cart line's words as the site of `lang` shows them. */
async function lineText(lang: LangCode, line: CartLine) {
  const catalog = await loadMessages(lang);
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider lang={lang} catalog={catalog}>
        <CartLineItem line={line} onQuantity={async () => true} onRemove={() => {}} />
      </I18nProvider>
    </MemoryRouter>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the cart line of a tribute gift names who its notice goes to, as the donor typed it', () => {
  const ann = { name: 'Ann Rose-Lee', email: 'ann@example.com', show_amount: false };

  it('in each language, and says when the notice tells the amount', async () => {
    expect(await lineText('en', tributeLine(ann))).toContain(
      'When the gift is paid, we will let Ann Rose-Lee (ann@example.com) know',
    );
    expect(await lineText('en', tributeLine(ann))).not.toContain('with the amount');
    expect(await lineText('en', tributeLine({ ...ann, show_amount: true }))).toContain(
      'we will let Ann Rose-Lee (ann@example.com) know, with the amount',
    );
    expect(await lineText('es', tributeLine(ann))).toContain(
      'Cuando se pague el donativo, avisaremos a Ann Rose-Lee (ann@example.com)',
    );
    // Russian keeps the name in the nominative, after a colon: it is never declined.
    expect(await lineText('ru', tributeLine({ ...ann, name: 'Анна Петрова', show_amount: true }))).toContain(
      'После оплаты мы сообщим об этом пожертвовании и его сумме: Анна Петрова (ann@example.com)',
    );
  });

  it('says nothing of a notice when the donor asked for none', async () => {
    const text = await lineText('en', tributeLine(null));
    expect(text).toContain('This gift is in memory of Grandma Rose');
    expect(text).not.toContain('we will let');
  });
});
