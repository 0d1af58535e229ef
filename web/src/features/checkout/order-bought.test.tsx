import type { LangCode, Order, OrderItem } from '@storyhouse/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider, loadMessages } from '../../lib/i18n';
import { Next } from './order-bought';

const line = (over: Partial<OrderItem>): OrderItem => ({
  type: 'digital_album',
  title: 'Noah’s Big Boat',
  quantity: 1,
  subtotal_usd: 10.99,
  recurring_donation_id: null,
  recurring_donation_is_cancelled: null,
  is_shipped: false,
  recipient_name: null,
  renewal: null,
  returned_quantity: 0,
  cover_url: null,
  library_album_id: null,
  track_id: null,
  ...over,
});

const orderOf = (items: OrderItem[], gifts: Order['gifts'] = []): Order => ({
  order_id: 7,
  order_number: 'SH-7K4Q-2M',
  status: 'paid',
  order_created_at: '2026-11-30T10:00:00Z',
  order_total_usd: 10.99,
  subtotal_usd: 10.99,
  discount_usd: 0,
  coupon_title: null,
  shipping_usd: 0,
  tax_usd: 0,
  gift_card_usd: 0,
  card_last4: '4242',
  items,
  shipment: null,
  gifts,
  receipt: false,
});

/** What the confirmation says of a line after it is paid, as text, and the links it holds. */
async function next(lang: LangCode, item: OrderItem, order: Order) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider lang={lang} catalog={await loadMessages(lang)}>
        <Next item={item} order={order} />
      </I18nProvider>
    </MemoryRouter>,
  );
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,:])/g, '$1')
    .trim();
  return { text, links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]) };
}

const ana = { recipient_name: 'Ana', recipient_email: 'ana@example.test', is_claimed: false };

// Issue 46 "After paying": "a plan says what it opens ("Every story is now in your library"), a gift says who
// receives it and how" (decision 071).
describe('the confirmation says what a plan opens and where a gift goes', () => {
  it('a plan: every story is in the library, with the way there', async () => {
    const plan = line({ type: 'subscription', title: 'Monthly plan', renewal: null });
    expect(await next('en', plan, orderOf([plan]))).toEqual({
      text: 'Every story is now in your library. Open my library',
      links: ['/library'],
    });
    expect((await next('es', plan, orderOf([plan]))).text).toBe(
      'Todas las historias ya están en su biblioteca. Abrir mi biblioteca',
    );
    expect((await next('ru', plan, orderOf([plan]))).text).toBe('Все истории теперь в вашей библиотеке. Открыть мою библиотеку');
  });

  it('a gift card: who receives it, by e-mail, with a link to claim it', async () => {
    const card = line({ type: 'gift_card', title: 'Gift card', recipient_name: 'Ana' });
    const order = orderOf([card], [{ kind: 'gift_card', ...ana }]);
    expect((await next('en', card, order)).text).toBe('Ana receives it by e-mail at ana@example.test, with a link to claim it.');
    expect((await next('es', card, order)).text).toBe(
      'Ana la recibe por correo electrónico en ana@example.test, con un enlace para reclamarla.',
    );
  });

  it('a gift’s downloads: for whom, and the link e-mailed to claim them; no Listen for the buyer', async () => {
    const album = line({ library_album_id: null });
    const order = orderOf([album], [{ kind: 'downloads', ...ana }]);
    expect(await next('en', album, order)).toEqual({
      text: 'A gift for Ana: we e-mailed ana@example.test a link to claim it.',
      links: [],
    });
    expect((await next('es', album, order)).text).toBe(
      'Un regalo para Ana: enviamos a ana@example.test un enlace para reclamarlo.',
    );
  });

  it('a download of the family’s own says nothing more (its Listen now is the line’s button)', async () => {
    const album = line({ library_album_id: 3 });
    expect((await next('en', album, orderOf([album]))).text).toBe('');
  });
});
