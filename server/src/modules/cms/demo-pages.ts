import type { CmsEntryInput } from './cms.repository';

/**
 * The demo ministry's CMS pages (DESIGN.md 8) on the English, Spanish and
 * Russian sites: every layout of spec §2 "CMS page" that has its screen.
 * Entries of the same page in several languages share a translation key
 * (hreflang alternates). Pictures are in server/demo/media/pages.
 */

/**
 * The free MP3 of each language: a recording of its own (catalogue.json
 * free_mp3, made by generate-media.mjs), never a track sold in the shop,
 * since the page gives it to anyone who fills in the form.
 */
const FREE_MP3 = {
  en: 'audio/free-mp3/en.mp3',
  es: 'audio/free-mp3/es.mp3',
  ru: 'audio/free-mp3/ru.mp3',
} as const;
/** What the demo gave away before (sold tracks): a database seeded then has its pages moved off them (cms.seed.ts). */
export const RETIRED_FREE_MP3 = {
  en: 'audio/david-the-shepherd-boy/03.mp3',
  es: 'audio/jonas-y-el-gran-pez/02.mp3',
  ru: 'audio/iosif-i-ego-bratya/01.mp3',
} as const;
/** The free MP3's story title (shown by the player and its button, and the download's file name). */
const FREE_MP3_TITLE = { en: 'Zacchaeus Climbs a Tree', es: 'Zaqueo sube al árbol', ru: 'Закхей на дереве' } as const;

const home: CmsEntryInput[] = [
  {
    lang_code: 'en',
    url: '/index',
    type: 'home-page',
    translation_key: 'home',
    title: 'Bible stories for little ears',
    description:
      'Storyhouse is a listener-supported ministry sharing audio Bible stories for children in English, Spanish and Russian.',
    free_story_title: 'Free story of the week',
    add_newsletter: true,
    home: {
      homeMainTitle: 'Stories that stay with children',
      homeMainDescription:
        '<p>Every Storyhouse album is read by warm, patient voices and checked against Scripture by our team. Listen in the car, at bedtime, or around the table.</p>',
      homeMainLink: '/shop',
      homeMainLinkTitle: 'Browse the shop',
      homeMainTitle2: 'Listen free, every week',
      homeMainDescription2: '<p>A new free story each week, and whole albums you can stream without an account.</p>',
      homeMainLink2: '/free-streaming',
      homeMainLinkTitle2: 'Free streaming',
      homeKidsCornerContent:
        '<p>Lessons to colour, songs to learn and stories to share: the Kids Corner is for children and the grown-ups who read with them.</p>',
      homeKidsCornerItem1Image: 'pages/kids-corner-lessons.jpg',
      homeKidsCornerItem1Link: '/adventures/sign-up',
      homeKidsCornerItem1LinkTitle: 'Free Bible lessons',
      homeKidsCornerItem2Image: 'pages/kids-corner-songs.jpg',
      homeKidsCornerItem2Link: '/get-a-free-mp3',
      homeKidsCornerItem2LinkTitle: 'Get a free MP3',
      homeKidsCornerLink: '/guestbook',
      homeKidsCornerLinkTitle: 'Read what families say',
      homeExploreContent:
        '<p><strong>Your story hour.</strong> Pick an album, press play and let the story carry you. Our stories run 5 to 10 minutes: just right before lights out.</p>',
      homeExploreLink: '/search?q=Noah',
      homeExploreLinkTitle: 'Find a story about Noah',
    },
  },
  {
    lang_code: 'es',
    url: '/index',
    type: 'home-page',
    translation_key: 'home',
    title: 'Historias bíblicas para oídos pequeños',
    description:
      'Storyhouse es un ministerio sostenido por sus oyentes que comparte historias bíblicas en audio para niños en inglés, español y ruso.',
    free_story_title: 'Historia gratis de la semana',
    add_newsletter: true,
    home: {
      homeAnnouncementTitle: '¡Nuevo álbum: Jesús vive!',
      homeAnnouncementDescription:
        '<p>Cuatro historias de Semana Santa para escuchar en familia, desde el domingo de ramos hasta la tumba vacía.</p>',
      homeAnnouncementLink: '/story/jesus-vive',
      homeAnnouncementLinkTitle: 'Escuchar un adelanto',
      homeKidsCornerContent:
        '<p>Lecciones para colorear, canciones para aprender e historias para compartir: el Rincón infantil es para los niños y los adultos que leen con ellos.</p>',
      homeKidsCornerItem1Image: 'pages/kids-corner-lessons.jpg',
      homeKidsCornerItem1Link: '/adventures/sign-up',
      homeKidsCornerItem1LinkTitle: 'Lecciones bíblicas gratis',
      homeKidsCornerItem2Image: 'pages/kids-corner-songs.jpg',
      homeKidsCornerItem2Link: '/get-a-free-mp3',
      homeKidsCornerItem2LinkTitle: 'Un MP3 gratis',
      homeKidsCornerLink: '/libro-de-visitas',
      homeKidsCornerLinkTitle: 'Lo que dicen las familias',
      homeExploreContent:
        '<p><strong>Tu hora del cuento.</strong> Elige un álbum, pulsa reproducir y deja que la historia te lleve. Cada historia dura entre 5 y 10 minutos.</p>',
      homeExploreLink: '/search?q=historia',
      homeExploreLinkTitle: 'Buscar una historia',
    },
  },
  {
    lang_code: 'ru',
    url: '/index',
    type: 'home-page',
    translation_key: 'home',
    title: 'Библейские истории для малышей',
    description:
      'Storyhouse — служение, которое живёт пожертвованиями слушателей и записывает библейские аудиоистории для детей.',
    free_story_title: 'Бесплатная история недели',
    add_newsletter: true,
    home: {
      homeMainTitle: 'Истории, которые остаются в сердце',
      homeMainDescription:
        '<p>Каждый альбом Storyhouse читают тёплые, спокойные голоса, а тексты сверены с Писанием. Слушайте в машине, перед сном или всей семьёй.</p>',
      homeMainLink: '/shop',
      homeMainLinkTitle: 'Перейти в магазин',
      homeKidsCornerContent: '<p>Уроки, песни и истории для детей и взрослых, которые читают вместе с ними.</p>',
      homeKidsCornerItem1Image: 'pages/kids-corner-lessons.jpg',
      homeKidsCornerItem1Link: '/adventures/sign-up',
      homeKidsCornerItem1LinkTitle: 'Библейские уроки',
      homeKidsCornerItem2Image: 'pages/kids-corner-songs.jpg',
      homeKidsCornerItem2Link: '/get-a-free-mp3',
      homeKidsCornerItem2LinkTitle: 'Бесплатный MP3',
      homeExploreContent:
        '<p><strong>Время историй.</strong> Выберите альбом и нажмите «Слушать». Каждая история длится 5–10 минут.</p>',
      homeExploreLink: '/free-streaming',
      homeExploreLinkTitle: 'Слушать бесплатно',
    },
  },
];

const aboutContent = {
  en: `<p>In this page: <a href="#how-we-began">How we began</a> · <a href="#what-we-believe">What we believe</a> · <a href="#our-team">Our team</a></p>
<h2>How we began</h2>
<p>Storyhouse started in 2009 around a kitchen table, with a borrowed microphone and a stack of children’s Bibles. Parents asked for stories their children could listen to on long drives, and grandparents asked for stories in the languages their grandchildren spoke.</p>
<h2>What we believe</h2>
<p>We believe the Bible is good news for children, and that children understand far more than we expect when a story is told slowly and with love. Every script is reviewed by pastors and teachers before it is recorded.</p>
<h2>Our team</h2>
<p>Twelve volunteers and four staff record, edit and ship our albums. Most of our work is funded by families who <a href="/support-us">support us</a>. Read about our <a href="/about/russian-program">Russian program</a> or <a href="/contact">write to us</a>.</p>`,
  es: `<p>En esta página: <a href="#cómo-empezamos">Cómo empezamos</a> · <a href="#lo-que-creemos">Lo que creemos</a> · <a href="#nuestro-equipo">Nuestro equipo</a></p>
<h2>Cómo empezamos</h2>
<p>Storyhouse nació en 2009 alrededor de una mesa de cocina, con un micrófono prestado y un montón de biblias infantiles. Los padres pedían historias para los viajes largos y los abuelos, historias en el idioma de sus nietos.</p>
<h2>Lo que creemos</h2>
<p>Creemos que la Biblia es una buena noticia para los niños, y que ellos entienden mucho más de lo que pensamos cuando la historia se cuenta despacio y con cariño.</p>
<h2>Nuestro equipo</h2>
<p>Doce voluntarios y cuatro personas de plantilla graban, editan y envían nuestros álbumes. Conoce nuestro <a href="/quienes-somos/programa-ruso">programa ruso</a> o <a href="/contactar">escríbenos</a>.</p>`,
  ru: `<p>На этой странице: <a href="#как-всё-началось">Как всё началось</a> · <a href="#во-что-мы-верим">Во что мы верим</a> · <a href="#наша-команда">Наша команда</a></p>
<h2>Как всё началось</h2>
<p>Storyhouse появился в 2009 году за кухонным столом: одолженный микрофон и стопка детских Библий. Родители просили истории для долгих поездок, а бабушки и дедушки — истории на родном языке внуков.</p>
<h2>Во что мы верим</h2>
<p>Мы верим, что Библия — добрая весть и для детей, и что дети понимают гораздо больше, когда историю рассказывают неторопливо и с любовью.</p>
<h2>Наша команда</h2>
<p>Двенадцать волонтёров и четыре сотрудника записывают и монтируют альбомы. Узнайте о нашей <a href="/about/russian-program">русской программе</a> или <a href="/contact">напишите нам</a>.</p>`,
};

const about: CmsEntryInput[] = [
  {
    lang_code: 'en',
    url: '/about',
    type: 'basic-subpage',
    translation_key: 'about',
    title: 'Our story',
    description: 'How a kitchen-table recording project became a trilingual audio ministry for children.',
    main_image: 'pages/about-header.jpg',
    main_image_alt: 'An open book on green hills under a morning sun',
    intro: '<p>We record Bible stories for children so that families can listen together, wherever they are.</p>',
    main_content: aboutContent.en,
    sidebar_image: 'pages/sidebar-listening.jpg',
    sidebar_image_alt: 'Music notes over golden fields',
    sidebar_content: '<p>More than 40,000 families listened to a Storyhouse album last year.</p>',
    add_newsletter: true,
  },
  {
    lang_code: 'es',
    url: '/quienes-somos',
    type: 'basic-subpage',
    translation_key: 'about',
    title: 'Nuestra historia',
    description: 'Cómo un proyecto de grabación en casa se convirtió en un ministerio de audio para niños en tres idiomas.',
    main_image: 'pages/about-header.jpg',
    main_image_alt: 'Un libro abierto sobre colinas verdes bajo el sol de la mañana',
    intro: '<p>Grabamos historias bíblicas para niños, para que las familias puedan escucharlas juntas, estén donde estén.</p>',
    main_content: aboutContent.es,
    sidebar_image: 'pages/sidebar-listening.jpg',
    sidebar_image_alt: 'Notas musicales sobre campos dorados',
    sidebar_content: '<p>Más de 40 000 familias escucharon un álbum de Storyhouse el año pasado.</p>',
    add_newsletter: true,
  },
  {
    lang_code: 'ru',
    url: '/about',
    type: 'basic-subpage',
    translation_key: 'about',
    title: 'Наша история',
    description: 'Как домашний проект записи стал трёхъязычным аудиослужением для детей.',
    main_image: 'pages/about-header.jpg',
    main_image_alt: 'Открытая книга на зелёных холмах под утренним солнцем',
    intro: '<p>Мы записываем библейские истории для детей, чтобы семьи могли слушать их вместе.</p>',
    main_content: aboutContent.ru,
    sidebar_content: '<p>В прошлом году альбомы Storyhouse слушали более 40 000 семей.</p>',
  },
];

const russianProgram: CmsEntryInput[] = [
  {
    lang_code: 'en',
    url: '/about/russian-program',
    type: 'basic-subpage',
    translation_key: 'russian-program',
    title: 'Russian program',
    description: 'Storyhouse stories on radio stations across Russian-speaking communities, with the weekly broadcast schedule.',
    main_image: 'pages/russian-program-header.jpg',
    main_image_alt: 'A radio tower at dusk above dark hills',
    intro: '<p>Since 2015 our Russian team has recorded stories for children in Russian-speaking families around the world.</p>',
    main_content: `<h2>Weekly broadcasts</h2>
<p>Partner stations play a Storyhouse story every weekday (Moscow time). Today’s broadcast is highlighted.</p>
<ul>
<li><strong>Monday</strong>, 19:30: Joseph and his brothers</li>
<li><strong>Tuesday</strong>, 19:30: Queen Esther</li>
<li><strong>Wednesday</strong>, 19:30: Moses and the way to freedom</li>
<li><strong>Thursday</strong>, 19:30: Misha and Anya’s adventures</li>
<li><strong>Friday</strong>, 19:30: Listener letters</li>
</ul>
<h2>Albums in Russian</h2>
<p>All four Russian albums are in the <a href="/shop?lang_code=ru">shop</a>; some can be <a href="/free-streaming">streamed free</a>.</p>`,
    sidebar_content:
      '<p><strong>Volunteer readers wanted.</strong> If you read Russian aloud with joy, <a href="/contact">tell us</a>.</p>',
    scripts: ['/cms/schedule-today.js'],
    stylesheets: ['/cms/schedule.css'],
  },
  {
    lang_code: 'es',
    url: '/quienes-somos/programa-ruso',
    type: 'basic-subpage',
    translation_key: 'russian-program',
    title: 'Programa ruso',
    description: 'Las historias de Storyhouse en emisoras de radio de comunidades de habla rusa, con la programación semanal.',
    main_image: 'pages/russian-program-header.jpg',
    main_image_alt: 'Una torre de radio al atardecer sobre colinas oscuras',
    intro: '<p>Desde 2015 nuestro equipo ruso graba historias para familias de habla rusa en todo el mundo.</p>',
    main_content: `<h2>Emisiones semanales</h2>
<p>Las emisoras asociadas emiten una historia cada día laborable (hora de Moscú). La emisión de hoy aparece resaltada.</p>
<ul>
<li><strong>Lunes</strong>, 19:30: José y sus hermanos</li>
<li><strong>Martes</strong>, 19:30: La reina Ester</li>
<li><strong>Miércoles</strong>, 19:30: Moisés y el camino a la libertad</li>
<li><strong>Jueves</strong>, 19:30: Las aventuras de Misha y Ania</li>
<li><strong>Viernes</strong>, 19:30: Cartas de los oyentes</li>
</ul>`,
    scripts: ['/cms/schedule-today.js'],
    stylesheets: ['/cms/schedule.css'],
  },
  {
    lang_code: 'ru',
    url: '/about/russian-program',
    type: 'basic-subpage',
    translation_key: 'russian-program',
    title: 'Русская программа',
    description: 'Истории Storyhouse на радиостанциях русскоязычных общин и расписание передач.',
    main_image: 'pages/russian-program-header.jpg',
    main_image_alt: 'Радиовышка на закате над тёмными холмами',
    intro: '<p>С 2015 года наша русская команда записывает истории для русскоязычных семей по всему миру.</p>',
    main_content: `<h2>Еженедельный эфир</h2>
<p>Станции-партнёры передают историю Storyhouse каждый будний день (по московскому времени). Сегодняшняя передача выделена.</p>
<ul>
<li><strong>Понедельник</strong>, 19:30: Иосиф и его братья</li>
<li><strong>Вторник</strong>, 19:30: Царица Есфирь</li>
<li><strong>Среда</strong>, 19:30: Моисей и путь к свободе</li>
<li><strong>Четверг</strong>, 19:30: Приключения Миши и Ани</li>
<li><strong>Пятница</strong>, 19:30: Письма слушателей</li>
</ul>`,
    scripts: ['/cms/schedule-today.js'],
    stylesheets: ['/cms/schedule.css'],
  },
];

/** What the privacy page says of everyone (children's profiles have their section below). */
const privacyGeneral = {
  en: `<h2>What we collect</h2><p>Your name and e-mail when you write to us, sign the guest book, request lessons or subscribe; your orders and addresses when you buy. We never sell or lend them.</p>
<h2>How we use it</h2><p>To answer you, ship what you ordered and send the newsletter you asked for. Every newsletter has an unsubscribe link.</p>
<h2>Cookies</h2><p>One cookie keeps your session and your cart. We use no advertising or tracking cookies.</p>
<h2>Your rights</h2><p>Ask us at any time to see, correct or delete what we hold about you: <a href="/contact">contact us</a>.</p>`,
  es: `<h2>Qué datos guardamos</h2><p>Tu nombre y correo cuando nos escribes, firmas el libro de visitas, pides lecciones o te suscribes; tus pedidos y direcciones cuando compras. Nunca los vendemos ni los prestamos.</p>
<h2>Cómo los usamos</h2><p>Para responderte, enviarte lo que pediste y mandarte el boletín que solicitaste.</p>
<h2>Cookies</h2><p>Una sola cookie guarda tu sesión y tu carrito. No usamos cookies de publicidad ni de seguimiento.</p>
<h2>Tus derechos</h2><p>Puedes pedirnos en cualquier momento ver, corregir o borrar tus datos: <a href="/contactar">contáctanos</a>.</p>`,
  ru: `<h2>Какие данные мы храним</h2><p>Имя и адрес почты, когда вы пишете нам, оставляете запись в гостевой книге или подписываетесь; заказы и адреса при покупке. Мы никогда не продаём и не передаём их.</p>
<h2>Cookies</h2><p>Один cookie хранит вашу сессию и корзину. Рекламных и отслеживающих cookie нет.</p>
<h2>Ваши права</h2><p>Вы можете в любой момент попросить показать, исправить или удалить ваши данные: <a href="/contact">напишите нам</a>.</p>`,
};

/**
 * What is kept about a child (decision 051): with children's profiles a parent's choice (COPPA, GDPR Art. 8), so the
 * page says what, why, what is never asked, and that the parents see, change and delete it at once.
 */
const privacyChildren = {
  en: `<h2>Children's profiles</h2><p>Parents may add a profile for each child (at most six). For a child we keep only what the listening needs: a nickname, a drawn avatar and an age band (0–2, 3–5, 6–8 or 9–12); where they stopped in each story, their queue and favourites; the minutes they listened each day; and the rules the parents set (what they may hear, quiet hours, a daily limit, a sleep timer).</p>
<p>We keep these so each child finds their own place and stories, and so the parents' rules work on every device. We never ask for a child's e-mail, birth date or photo, we show a child no advertising, and nothing about a child is shared with anyone.</p>
<p>Only the parents, signed in and past the family PIN, see and change a child's profile in Account → Family, including the time listened and the albums heard lately. Deleting a profile deletes all of it at once, for good: nothing is kept afterwards.</p>`,
  es: `<h2>Perfiles de niños</h2><p>Los padres pueden añadir un perfil para cada niño (seis como máximo). De un niño guardamos solo lo que necesita para escuchar: un apodo, un avatar dibujado y una franja de edad (0–2, 3–5, 6–8 o 9–12); dónde se quedó en cada historia, su cola y sus favoritos; los minutos que escuchó cada día; y las reglas que ponen los padres (qué puede escuchar, horas de silencio, un límite diario, un temporizador para dormir).</p>
<p>Los guardamos para que cada niño encuentre su lugar y sus historias, y para que las reglas de los padres funcionen en todos los dispositivos. Nunca pedimos el correo, la fecha de nacimiento ni la foto de un niño, no le mostramos publicidad y no compartimos nada suyo con nadie.</p>
<p>Solo los padres, con su sesión y el PIN familiar, ven y cambian el perfil de un niño en Cuenta → Familia, también el tiempo escuchado y los álbumes recientes. Borrar un perfil lo borra todo en el acto y para siempre: no queda nada.</p>`,
  ru: `<h2>Детские профили</h2><p>Родители могут добавить профиль для каждого ребёнка (не больше шести). О ребёнке мы храним только то, что нужно для прослушивания: имя или прозвище, нарисованный аватар и возраст (0–2, 3–5, 6–8 или 9–12); где он остановился в каждой истории, его очередь и избранное; сколько минут он слушал каждый день; и правила, заданные родителями (что можно слушать, тихие часы, дневной лимит, таймер сна).</p>
<p>Мы храним это, чтобы каждый ребёнок находил своё место и свои истории, а правила родителей действовали на всех устройствах. Мы никогда не спрашиваем электронную почту, дату рождения или фото ребёнка, не показываем ему рекламу и никому ничего о нём не передаём.</p>
<p>Только родители, войдя в аккаунт и введя семейный PIN, видят и меняют профиль ребёнка в разделе «Аккаунт → Семья», включая время прослушивания и недавние альбомы. Удаление профиля сразу и навсегда удаляет всё: ничего не остаётся.</p>`,
};

export const privacyBody = {
  en: `${privacyGeneral.en}\n${privacyChildren.en}`,
  es: `${privacyGeneral.es}\n${privacyChildren.es}`,
  ru: `${privacyGeneral.ru}\n${privacyChildren.ru}`,
};

const simplePages: CmsEntryInput[] = [
  {
    lang_code: 'en',
    url: '/privacy',
    type: 'basic-subpage',
    translation_key: 'privacy',
    title: 'Privacy',
    description: 'What Storyhouse keeps about you, why, and how to have it removed.',
    intro: '<p>Last updated 1 September 2026.</p>',
    main_content: privacyBody.en,
  },
  {
    lang_code: 'es',
    url: '/privacidad',
    type: 'basic-subpage',
    translation_key: 'privacy',
    title: 'Privacidad',
    description: 'Qué datos guarda Storyhouse, para qué, y cómo pedir que se borren.',
    intro: '<p>Última actualización: 1 de septiembre de 2026.</p>',
    main_content: privacyBody.es,
  },
  {
    lang_code: 'ru',
    url: '/privacy',
    type: 'basic-subpage',
    translation_key: 'privacy',
    title: 'Конфиденциальность',
    description: 'Какие данные хранит Storyhouse, зачем и как их удалить.',
    intro: '<p>Обновлено 1 сентября 2026 года.</p>',
    main_content: privacyBody.ru,
  },
  {
    lang_code: 'en',
    url: '/support-us',
    type: 'basic-subpage',
    translation_key: 'support-us',
    title: 'Support us',
    description: 'Ways to help Storyhouse reach more children with Bible stories.',
    intro: '<p>Storyhouse is funded by the families who listen. Thank you for helping us record the next story.</p>',
    main_content: `<h2>Pray with us</h2><p>Pray for the children who listen, and for our readers and translators.</p>
<h2>Share a story</h2><p>Send a friend our <a href="/free-streaming">free streaming albums</a> or a <a href="/get-a-free-mp3">free MP3</a>.</p>
<h2>Buy an album</h2><p>Every album bought in the <a href="/shop">shop</a> pays for the next recording.</p>
<h2>Volunteer</h2><p>We need readers, translators and proofreaders in English, Spanish and Russian. <a href="/contact">Write to us</a>.</p>`,
    add_newsletter: true,
  },
  {
    lang_code: 'es',
    url: '/apoyar',
    type: 'basic-subpage',
    translation_key: 'support-us',
    title: 'Apóyanos',
    description: 'Formas de ayudar a Storyhouse a llegar a más niños con historias bíblicas.',
    intro:
      '<p>Storyhouse se sostiene gracias a las familias que escuchan. Gracias por ayudarnos a grabar la próxima historia.</p>',
    main_content: `<h2>Ora con nosotros</h2><p>Ora por los niños que escuchan y por nuestros lectores y traductores.</p>
<h2>Comparte una historia</h2><p>Envía a un amigo nuestros <a href="/free-streaming">álbumes gratis</a> o un <a href="/get-a-free-mp3">MP3 gratis</a>.</p>
<h2>Compra un álbum</h2><p>Cada álbum de la <a href="/tienda">tienda</a> paga la siguiente grabación.</p>`,
    add_newsletter: true,
  },
  {
    lang_code: 'ru',
    url: '/support-us',
    type: 'basic-subpage',
    translation_key: 'support-us',
    title: 'Поддержать нас',
    description: 'Как помочь Storyhouse рассказывать детям библейские истории.',
    intro:
      '<p>Storyhouse существует благодаря семьям, которые нас слушают. Спасибо, что помогаете записать следующую историю.</p>',
    main_content: `<h2>Молитесь с нами</h2><p>Молитесь о детях, которые слушают, и о наших чтецах и переводчиках.</p>
<h2>Поделитесь историей</h2><p>Отправьте друзьям <a href="/free-streaming">бесплатные альбомы</a>.</p>`,
  },
];

const adventures: CmsEntryInput[] = [
  [
    'en',
    '/kids-corner/adventures-in-the-holy-bible/download-lessons',
    'adventures-download',
    'Your lessons are ready',
    '<p>Thank you for signing up for <em>Adventures in the Holy Bible</em>! We have e-mailed you the link to this page.</p><ol><li>Lesson 1: In the beginning</li><li>Lesson 2: Noah’s big boat</li><li>Lesson 3: Abraham’s promise</li></ol><p>Print a lesson, listen to the matching story in our <a href="/free-streaming">free streaming</a> albums, and answer the questions together.</p>',
  ],
  [
    'en',
    '/kids-corner/adventures-in-the-holy-bible/mail-lessons',
    'adventures-mail',
    'Your lessons are on their way',
    '<p>Thank you for signing up for <em>Adventures in the Holy Bible</em>! Your first lessons will arrive by mail within three weeks.</p><p>When a lesson is finished, mail it back in the envelope provided: a volunteer will mark it and send the next ones.</p>',
  ],
  [
    'es',
    '/rincon-infantil/aventuras-en-la-historia-sagrada/descargar-lecciones',
    'adventures-download',
    'Tus lecciones están listas',
    '<p>¡Gracias por inscribirte en <em>Aventuras en la Historia Sagrada</em>! Te enviamos por correo el enlace a esta página.</p><ol><li>Lección 1: En el principio</li><li>Lección 2: El arca de Noé</li><li>Lección 3: La promesa a Abraham</li></ol>',
  ],
  [
    'es',
    '/rincon-infantil/aventuras-en-la-historia-sagrada/correo-lecciones',
    'adventures-mail',
    'Tus lecciones van en camino',
    '<p>¡Gracias por inscribirte en <em>Aventuras en la Historia Sagrada</em>! Las primeras lecciones llegarán por correo en unas tres semanas.</p>',
  ],
  [
    'ru',
    '/kids-corner/adventures-in-the-holy-bible/download-lessons',
    'adventures-download',
    'Ваши уроки готовы',
    '<p>Спасибо за регистрацию на курс «Приключения в Священной истории»! Мы отправили вам ссылку на эту страницу.</p><ol><li>Урок 1: В начале</li><li>Урок 2: Ноев ковчег</li></ol>',
  ],
  [
    'ru',
    '/kids-corner/adventures-in-the-holy-bible/mail-lessons',
    'adventures-mail',
    'Уроки уже в пути',
    '<p>Спасибо за регистрацию! Первые уроки придут по почте в течение трёх недель.</p>',
  ],
].map(([lang_code, url, translation_key, title, main_content]) => ({
  lang_code: lang_code as 'en' | 'es' | 'ru',
  url: url as string,
  type: 'basic-subpage' as const,
  translation_key,
  title,
  main_content,
}));

const contact: CmsEntryInput[] = [
  {
    lang_code: 'en',
    url: '/contact',
    type: 'contact-us',
    translation_key: 'contact',
    title: 'Contact us',
    description: 'Write to the Storyhouse team: questions, orders, prayer requests and volunteering.',
    main_image: 'pages/contact-header.jpg',
    main_image_alt: 'Soft green hills under a pale sky',
    intro:
      '<p>Questions about an order, a prayer request or an idea for a story: we read every message and answer within two working days.</p>',
    response:
      '<p><strong>Thank you for writing to us!</strong> Your message is on its way to our team; we answer within two working days.</p>',
  },
  {
    lang_code: 'es',
    url: '/contactar',
    type: 'contact-us',
    translation_key: 'contact',
    title: 'Contáctanos',
    description: 'Escribe al equipo de Storyhouse: preguntas, pedidos, peticiones de oración y voluntariado.',
    main_image: 'pages/contact-header.jpg',
    main_image_alt: 'Colinas verdes bajo un cielo claro',
    intro:
      '<p>Preguntas sobre un pedido, una petición de oración o una idea para una historia: leemos todos los mensajes y respondemos en dos días laborables.</p>',
    response: '<p><strong>¡Gracias por escribirnos!</strong> Tu mensaje ya va camino de nuestro equipo.</p>',
  },
  {
    lang_code: 'ru',
    url: '/contact',
    type: 'contact-us',
    translation_key: 'contact',
    title: 'Связаться с нами',
    description: 'Напишите команде Storyhouse: вопросы, заказы, молитвенные просьбы.',
    intro: '<p>Мы читаем каждое письмо и отвечаем в течение двух рабочих дней.</p>',
    response: '<p><strong>Спасибо за письмо!</strong> Мы ответим в течение двух рабочих дней.</p>',
  },
];

const guestbook: CmsEntryInput[] = [
  {
    lang_code: 'en',
    url: '/guestbook',
    type: 'guestbook',
    translation_key: 'guestbook',
    title: 'Guest book',
    description: 'Messages from families who listen to Storyhouse.',
    main_image: 'pages/guestbook-header.jpg',
    main_image_alt: 'An open book on a hill at sunrise',
    intro:
      '<p>Families write to us from all over the world. Leave a message of your own: it appears here once our team has read it.</p>',
  },
  {
    lang_code: 'es',
    url: '/libro-de-visitas',
    type: 'guestbook',
    translation_key: 'guestbook',
    title: 'Libro de visitas',
    description: 'Mensajes de las familias que escuchan Storyhouse.',
    main_image: 'pages/guestbook-header.jpg',
    main_image_alt: 'Un libro abierto sobre una colina al amanecer',
    intro: '<p>Familias de todo el mundo nos escriben. Deja tu mensaje: aparecerá aquí cuando nuestro equipo lo haya leído.</p>',
  },
  {
    lang_code: 'ru',
    url: '/guestbook',
    type: 'guestbook',
    translation_key: 'guestbook',
    title: 'Гостевая книга',
    description: 'Письма семей, которые слушают Storyhouse.',
    intro: '<p>Оставьте своё сообщение: оно появится здесь после проверки.</p>',
  },
];

const freeMp3Intro = {
  en: '<p>This month’s free MP3 is <strong>Zacchaeus Climbs a Tree</strong>, a story we recorded just for this page. If your children love it, the shepherd boy who faced a giant is waiting in <a href="/story/david-the-shepherd-boy">David the Shepherd Boy</a>. Tell us where to send news of the next one, and the story is yours to play and keep.</p><p>Grown-ups (18 or older) also receive our monthly newsletter; you can unsubscribe at any time.</p>',
  es: '<p>El MP3 gratis de este mes es <strong>Zaqueo sube al árbol</strong>, una historia que grabamos solo para esta página. Si les gusta a tus hijos, conoce también a <a href="/story/jonas-y-el-gran-pez">Jonás y el gran pez</a>.</p><p>Debes tener 18 años o más para recibir nuestro boletín mensual; los menores pueden descargar la historia igualmente.</p>',
  ru: '<p>Бесплатный MP3 этого месяца — <strong>«Закхей на дереве»</strong>, история, которую мы записали специально для этой страницы. Если она понравится детям, послушайте и <a href="/story/iosif-i-ego-bratya">«Иосиф и его братья»</a>.</p><p>Взрослые (от 18 лет) также получают нашу ежемесячную рассылку.</p>',
};

const freeMp3: CmsEntryInput[] = [
  ['en', '/get-a-free-mp3', 'free-mp3', 'Get a free MP3', freeMp3Intro.en],
  ['es', '/get-a-free-mp3', 'free-mp3', 'Un MP3 gratis', freeMp3Intro.es],
  ['ru', '/get-a-free-mp3', 'free-mp3', 'Бесплатный MP3', freeMp3Intro.ru],
  [
    'en',
    '/support-us/oneplace-free-mp3',
    'free-mp3-done',
    'Your free MP3',
    '<p>Thank you! Play the story below or download it to keep. If you enjoyed it, many more stories are in our <a href="/shop">shop</a>.</p>',
  ],
  [
    'es',
    '/apoyar/oneplace-mp3-gratis',
    'free-mp3-done',
    'Tu MP3 gratis',
    '<p>¡Gracias! Escucha la historia o descárgala para guardarla. Encontrarás muchas más historias en nuestra <a href="/tienda">tienda</a>.</p>',
  ],
  [
    'ru',
    '/support-us/oneplace-free-mp3',
    'free-mp3-done',
    'Ваш бесплатный MP3',
    '<p>Спасибо! Слушайте историю или скачайте её. Ещё больше историй — в нашем <a href="/shop">магазине</a>.</p>',
  ],
].map(([lang_code, url, translation_key, title, intro]) => ({
  lang_code: lang_code as 'en' | 'es' | 'ru',
  url: url as string,
  type: 'free-mp3' as const,
  translation_key,
  title,
  description: title,
  intro,
  mp3: FREE_MP3[lang_code as 'en' | 'es' | 'ru'],
  free_story_title: FREE_MP3_TITLE[lang_code as 'en' | 'es' | 'ru'],
}));

const listing: CmsEntryInput[] = [
  {
    lang_code: 'en',
    url: '/free-streaming',
    type: 'free-streaming',
    translation_key: 'free-streaming',
    title: 'Free streaming',
    description: 'Whole Storyhouse albums to listen to free, no account needed.',
    main_image: 'pages/free-streaming-header.jpg',
    main_image_alt: 'Music notes under a starry night sky',
    intro: '<p>These albums are free to stream for everyone, thanks to the families who support us.</p>',
    main_content: '<p>Press play on any story; the player keeps going while you browse the site.</p>',
    sidebar_image: 'pages/sidebar-listening.jpg',
    sidebar_image_alt: 'Music notes over golden fields',
    add_newsletter: true,
  },
  {
    lang_code: 'es',
    url: '/free-streaming',
    type: 'free-streaming',
    translation_key: 'free-streaming',
    title: 'Escuchar gratis',
    description: 'Álbumes completos de Storyhouse para escuchar gratis, sin cuenta.',
    main_image: 'pages/free-streaming-header.jpg',
    main_image_alt: 'Notas musicales bajo un cielo estrellado',
    intro: '<p>Estos álbumes se pueden escuchar gratis gracias a las familias que nos apoyan.</p>',
    main_content: '<p>Pulsa reproducir en cualquier historia; el reproductor sigue sonando mientras navegas.</p>',
    sidebar_content: '<p>¿Te gustó una historia? Cuéntanoslo en el <a href="/libro-de-visitas">libro de visitas</a>.</p>',
    add_newsletter: true,
  },
  {
    lang_code: 'ru',
    url: '/free-streaming',
    type: 'free-streaming',
    translation_key: 'free-streaming',
    title: 'Слушать бесплатно',
    description: 'Альбомы Storyhouse, которые можно слушать бесплатно.',
    main_image: 'pages/free-streaming-header.jpg',
    main_image_alt: 'Ноты под звёздным небом',
    intro: '<p>Эти альбомы можно слушать бесплатно благодаря семьям, которые нас поддерживают.</p>',
  },
  ...(
    [
      ['en', '/shop', 'Shop', 'Albums, CDs and books of Bible stories for children.'],
      ['es', '/tienda', 'Tienda', 'Álbumes, CD y libros de historias bíblicas para niños.'],
      ['ru', '/shop', 'Магазин', 'Альбомы, CD и книги библейских историй для детей.'],
    ] as const
  ).map(([lang_code, url, title, description]) => ({
    lang_code,
    url,
    type: 'store-product-list' as const,
    translation_key: 'shop',
    title,
    description,
  })),
  ...(
    [
      ['en', 'Search', 'Search the stories, albums and pages of Storyhouse.'],
      ['es', 'Buscar', 'Busca historias, álbumes y páginas de Storyhouse.'],
      ['ru', 'Поиск', 'Поиск по историям, альбомам и страницам Storyhouse.'],
    ] as const
  ).map(([lang_code, title, description]) => ({
    lang_code,
    url: '/search',
    type: 'search' as const,
    translation_key: 'search',
    title,
    description,
  })),
];

/**
 * Spec §2 Subscription: the plans' page on each site (the shop's subscription
 * card links here, contracts routes.ts). Its own seeder (cms.seed.ts) adds it
 * to databases seeded before it, so it is not among `demoPages`.
 */
export const subscriptionPages: CmsEntryInput[] = (
  [
    [
      'en',
      '/subscription',
      'Subscriptions',
      'Every Storyhouse album to stream and download, on a monthly or annual plan.',
      '<p>One plan opens the whole library: every album and story, in English, Spanish and Russian, to play at bedtime or download for the car. New albums join it as we record them.</p><p>Pay month by month, or once a year and save.</p>',
    ],
    [
      'es',
      '/suscripcion',
      'Suscripciones',
      'Todos los álbumes de Storyhouse para escuchar y descargar, con un plan mensual o anual.',
      '<p>Un solo plan te abre toda la biblioteca: cada álbum e historia, en inglés, español y ruso, para escuchar antes de dormir o descargar para el coche. Los álbumes nuevos se suman a medida que los grabamos.</p><p>Paga mes a mes, o una vez al año y ahorra.</p>',
    ],
    [
      'ru',
      '/subscription',
      'Подписка',
      'Все альбомы Storyhouse — слушать и скачивать — по месячному или годовому плану.',
      '<p>Один план открывает всю библиотеку: все альбомы и истории на английском, испанском и русском, чтобы слушать перед сном или скачать в дорогу. Новые альбомы добавляются по мере записи.</p><p>Платите каждый месяц или раз в год — так выгоднее.</p>',
    ],
  ] as const
).map(([lang_code, url, title, description, intro]) => ({
  lang_code,
  url,
  type: 'subscription' as const,
  translation_key: 'subscription',
  title,
  description,
  intro,
}));

export const demoPages: CmsEntryInput[] = [
  ...home,
  ...about,
  ...russianProgram,
  ...simplePages,
  ...adventures,
  ...contact,
  ...guestbook,
  ...freeMp3,
  ...listing,
];
