import type { LangCode } from '@storyhouse/contracts';
import { DEMO_FUNDS } from '../catalogue/catalogue.seed';
import type { CmsEntryInput } from './cms.repository';

/**
 * Issue 12 item 8: the demo ministry's giving pages. The Support us page of
 * each site (demo-pages.ts, where it began as a basic page) becomes a
 * donations page with these blocks, and each site gets a gift card page.
 * Their seeders (cms.seed.ts) also reach databases seeded before them.
 */

type Blocks = NonNullable<CmsEntryInput['donations']>;
const fund = (code: (typeof DEMO_FUNDS)[number]['code']) => DEMO_FUNDS.find((f) => f.code === code) ?? DEMO_FUNDS[0];
const recordings = fund('new_recordings');
const radio = fund('radio_outreach');
const general = fund('general_cart');

/**
 * The donation blocks of each site's Support us page: two funds with their
 * own amounts, and the general donation (spec §3: general_cart) with the
 * form's presets (no amounts of its own). Titles are what the cart line
 * shows, in the page's language.
 */
export const supportUsDonations: Record<LangCode, Blocks> = {
  en: [
    {
      code: recordings.code,
      monthly_code: recordings.monthly_code,
      title: 'New recordings',
      monthly_title: 'New recordings (monthly)',
      description:
        '<p>Every album takes about three months: a script checked against Scripture, two or three readers, a sound engineer and original music. <strong>$50 pays for an hour in the studio</strong>; a monthly gift lets us plan the next album.</p>',
      amounts: '25, 50, 150',
    },
    {
      code: radio.code,
      monthly_code: radio.monthly_code,
      title: 'Stories on the radio',
      monthly_title: 'Stories on the radio (monthly)',
      description:
        '<p>Twenty-three Christian stations in Latin America and Eastern Europe play our stories for free, on their own schedule. Your gift pays for the masters we send them and the licences for the music: <strong>$15 puts one story on the air</strong>.</p>',
      amounts: '15, 30, 60',
    },
    {
      code: general.code,
      monthly_code: general.monthly_code,
      title: general.title,
      monthly_title: 'General Ministry Donation (monthly)',
      description:
        '<p>Where it is needed most: translation, shipping CDs to prisons and hospitals, and keeping this site running.</p>',
      amounts: '',
    },
  ],
  es: [
    {
      code: recordings.code,
      monthly_code: recordings.monthly_code,
      title: 'Nuevas grabaciones',
      monthly_title: 'Nuevas grabaciones (mensual)',
      description:
        '<p>Cada álbum lleva unos tres meses: un guion revisado con las Escrituras, dos o tres lectores, un técnico de sonido y música original. <strong>Con 50 $ pagas una hora de estudio</strong>; un donativo mensual nos permite planear el próximo álbum.</p>',
      amounts: '25, 50, 150',
    },
    {
      code: radio.code,
      monthly_code: radio.monthly_code,
      title: 'Historias en la radio',
      monthly_title: 'Historias en la radio (mensual)',
      description:
        '<p>Veintitrés emisoras cristianas de América Latina y Europa del Este transmiten nuestras historias gratis. Tu donativo paga las copias maestras que les enviamos y las licencias de la música: <strong>con 15 $ una historia sale al aire</strong>.</p>',
      amounts: '15, 30, 60',
    },
    {
      code: general.code,
      monthly_code: general.monthly_code,
      title: 'Donativo general al ministerio',
      monthly_title: 'Donativo general al ministerio (mensual)',
      description:
        '<p>Donde más se necesita: traducción, envío de CD a cárceles y hospitales, y el mantenimiento de este sitio.</p>',
      amounts: '',
    },
  ],
  ru: [
    {
      code: recordings.code,
      monthly_code: recordings.monthly_code,
      title: 'Новые записи',
      monthly_title: 'Новые записи (ежемесячно)',
      description:
        '<p>Каждый альбом — это около трёх месяцев работы: сценарий, сверенный с Писанием, два-три чтеца, звукорежиссёр и своя музыка. <strong>50 $ — это час работы в студии</strong>; ежемесячный дар помогает нам планировать следующий альбом.</p>',
      amounts: '25, 50, 150',
    },
    {
      code: radio.code,
      monthly_code: radio.monthly_code,
      title: 'Истории в эфире',
      monthly_title: 'Истории в эфире (ежемесячно)',
      description:
        '<p>Двадцать три христианские радиостанции в Латинской Америке и Восточной Европе бесплатно передают наши истории. Ваш дар оплачивает записи, которые мы им отправляем, и лицензии на музыку: <strong>15 $ — одна история в эфире</strong>.</p>',
      amounts: '15, 30, 60',
    },
    {
      code: general.code,
      monthly_code: general.monthly_code,
      title: 'Общее пожертвование служению',
      monthly_title: 'Общее пожертвование служению (ежемесячно)',
      description: '<p>Туда, где нужнее всего: переводы, диски для тюрем и больниц и работа этого сайта.</p>',
      amounts: '',
    },
  ],
};

/**
 * Spec §2 Gift card: the gift card page of each site (the shop's gift card
 * card links here, contracts routes.ts). The Russian site keeps the English
 * addresses, as its other pages do.
 */
export const giftCardPages: CmsEntryInput[] = [
  {
    lang_code: 'en',
    url: '/gift-card',
    type: 'gift-card',
    translation_key: 'gift-card',
    title: 'Gift cards',
    description: 'Give a Storyhouse gift card: the family chooses the albums, CDs and books they love.',
    intro:
      '<p>Not sure which stories they already have? A gift card lets grandparents, godparents and friends give Bible stories without guessing.</p>',
    main_content: `<h2>How it works</h2><ol><li>Choose an amount, up to $500.</li><li>Tell us who it is for: we e-mail them the card with your message once your order is paid.</li><li>They sign in and claim it; its balance pays for albums, CDs and books in our <a href="/shop">shop</a>, over as many orders as they like.</li></ol>`,
  },
  {
    lang_code: 'es',
    url: '/tarjeta-de-regalo',
    type: 'gift-card',
    translation_key: 'gift-card',
    title: 'Tarjetas de regalo',
    description: 'Regala una tarjeta de Storyhouse: la familia elige los álbumes, CD y libros que más le gusten.',
    intro:
      '<p>¿No sabes qué historias tienen ya? Con una tarjeta de regalo, abuelos, padrinos y amigos regalan historias bíblicas sin adivinar.</p>',
    main_content: `<h2>Cómo funciona</h2><ol><li>Elige un importe, hasta 500 $.</li><li>Dinos para quién es: le enviamos la tarjeta con tu mensaje por correo electrónico cuando se pague tu pedido.</li><li>Inicia sesión y la reclama; su saldo paga álbumes, CD y libros de nuestra <a href="/tienda">tienda</a>, en tantos pedidos como quiera.</li></ol>`,
  },
  {
    lang_code: 'ru',
    url: '/gift-card',
    type: 'gift-card',
    translation_key: 'gift-card',
    title: 'Подарочные карты',
    description: 'Подарите карту Storyhouse: семья сама выберет альбомы, диски и книги.',
    intro:
      '<p>Не знаете, какие истории у них уже есть? С подарочной картой бабушки, крёстные и друзья дарят библейские истории без догадок.</p>',
    main_content: `<h2>Как это работает</h2><ol><li>Выберите сумму — до 500 $.</li><li>Укажите, кому она: мы отправим карту с вашим сообщением по электронной почте, когда заказ будет оплачен.</li><li>Получатель входит на сайт и активирует карту; её баланс оплачивает альбомы, диски и книги в нашем <a href="/shop">магазине</a> — в любом количестве заказов.</li></ol>`,
  },
];

/**
 * The Support us menu item's entries on each site (spec §2 Shell): the
 * donations page itself, the gift card page and the subscription page.
 */
export const givingMenus: Record<LangCode, { parentUrl: string; children: { title: string; url: string }[] }> = {
  en: {
    parentUrl: '/support-us',
    children: [
      { title: 'Donate', url: '/support-us' },
      { title: 'Gift cards', url: '/gift-card' },
      { title: 'Subscriptions', url: '/subscription' },
    ],
  },
  es: {
    parentUrl: '/apoyar',
    children: [
      { title: 'Donar', url: '/apoyar' },
      { title: 'Tarjetas de regalo', url: '/tarjeta-de-regalo' },
      { title: 'Suscripciones', url: '/suscripcion' },
    ],
  },
  ru: {
    parentUrl: '/support-us',
    children: [
      { title: 'Пожертвовать', url: '/support-us' },
      { title: 'Подарочные карты', url: '/gift-card' },
      { title: 'Подписка', url: '/subscription' },
    ],
  },
};
