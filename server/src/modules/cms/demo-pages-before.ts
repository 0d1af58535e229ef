/**
 * The demo pages' texts as the demo first wrote them, before they were
 * written in what the visual editor keeps (decision 063): headings with ids
 * for the About page's "In this page" links, and the Russian program's
 * schedule as a table whose rows carried the weekday. cms.seed.ts
 * visualDemoPagesSeeder finds a page still holding one of them and gives it
 * the new text; a page an editor has changed keeps their work.
 */

const schedule = (rows: [string, string, string][], caption: string, head: [string, string, string]) =>
  `<table class="cms-schedule"><caption>${caption}</caption><thead><tr><th scope="col">${head[0]}</th><th scope="col">${head[1]}</th><th scope="col">${head[2]}</th></tr></thead><tbody>${rows
    .map(([d, t, s], i) => `<tr data-day="${i + 1}"><td>${d}</td><td>${t}</td><td>${s}</td></tr>`)
    .join('')}</tbody></table>`;

export const aboutContentBefore = {
  en: `<p>In this page: <a href="#beginnings">How we began</a> · <a href="#believe">What we believe</a> · <a href="#team">Our team</a></p>
<h2 id="beginnings">How we began</h2>
<p>Storyhouse started in 2009 around a kitchen table, with a borrowed microphone and a stack of children’s Bibles. Parents asked for stories their children could listen to on long drives, and grandparents asked for stories in the languages their grandchildren spoke.</p>
<h2 id="believe">What we believe</h2>
<p>We believe the Bible is good news for children, and that children understand far more than we expect when a story is told slowly and with love. Every script is reviewed by pastors and teachers before it is recorded.</p>
<h2 id="team">Our team</h2>
<p>Twelve volunteers and four staff record, edit and ship our albums. Most of our work is funded by families who <a href="/support-us">support us</a>. Read about our <a href="/about/russian-program">Russian program</a> or <a href="/contact">write to us</a>.</p>`,
  es: `<p>En esta página: <a href="#comienzos">Cómo empezamos</a> · <a href="#creemos">Lo que creemos</a> · <a href="#equipo">Nuestro equipo</a></p>
<h2 id="comienzos">Cómo empezamos</h2>
<p>Storyhouse nació en 2009 alrededor de una mesa de cocina, con un micrófono prestado y un montón de biblias infantiles. Los padres pedían historias para los viajes largos y los abuelos, historias en el idioma de sus nietos.</p>
<h2 id="creemos">Lo que creemos</h2>
<p>Creemos que la Biblia es una buena noticia para los niños, y que ellos entienden mucho más de lo que pensamos cuando la historia se cuenta despacio y con cariño.</p>
<h2 id="equipo">Nuestro equipo</h2>
<p>Doce voluntarios y cuatro personas de plantilla graban, editan y envían nuestros álbumes. Conoce nuestro <a href="/quienes-somos/programa-ruso">programa ruso</a> o <a href="/contactar">escríbenos</a>.</p>`,
  ru: `<p>На этой странице: <a href="#nachalo">Как всё началось</a> · <a href="#vera">Во что мы верим</a> · <a href="#komanda">Наша команда</a></p>
<h2 id="nachalo">Как всё началось</h2>
<p>Storyhouse появился в 2009 году за кухонным столом: одолженный микрофон и стопка детских Библий. Родители просили истории для долгих поездок, а бабушки и дедушки — истории на родном языке внуков.</p>
<h2 id="vera">Во что мы верим</h2>
<p>Мы верим, что Библия — добрая весть и для детей, и что дети понимают гораздо больше, когда историю рассказывают неторопливо и с любовью.</p>
<h2 id="komanda">Наша команда</h2>
<p>Двенадцать волонтёров и четыре сотрудника записывают и монтируют альбомы. Узнайте о нашей <a href="/about/russian-program">русской программе</a> или <a href="/contact">напишите нам</a>.</p>`,
};

export const russianProgramBefore = {
  en: `<h2 id="broadcasts">Weekly broadcasts</h2>
<p>Partner stations play a Storyhouse story every weekday. Today’s broadcast is highlighted.</p>
${schedule(
  [
    ['Monday', '19:30', 'Joseph and his brothers'],
    ['Tuesday', '19:30', 'Queen Esther'],
    ['Wednesday', '19:30', 'Moses and the way to freedom'],
    ['Thursday', '19:30', 'Misha and Anya’s adventures'],
    ['Friday', '19:30', 'Listener letters'],
  ],
  'Broadcast schedule (Moscow time)',
  ['Day', 'Time', 'Story'],
)}
<h2 id="albums">Albums in Russian</h2>
<p>All four Russian albums are in the <a href="/shop?lang_code=ru">shop</a>; some can be <a href="/free-streaming">streamed free</a>.</p>`,
  es: `<h2 id="emisiones">Emisiones semanales</h2>
<p>Las emisoras asociadas emiten una historia cada día laborable. La emisión de hoy aparece resaltada.</p>
${schedule(
  [
    ['Lunes', '19:30', 'José y sus hermanos'],
    ['Martes', '19:30', 'La reina Ester'],
    ['Miércoles', '19:30', 'Moisés y el camino a la libertad'],
    ['Jueves', '19:30', 'Las aventuras de Misha y Ania'],
    ['Viernes', '19:30', 'Cartas de los oyentes'],
  ],
  'Programación (hora de Moscú)',
  ['Día', 'Hora', 'Historia'],
)}`,
  ru: `<h2 id="efir">Еженедельный эфир</h2>
<p>Станции-партнёры передают историю Storyhouse каждый будний день. Сегодняшняя передача выделена.</p>
${schedule(
  [
    ['Понедельник', '19:30', 'Иосиф и его братья'],
    ['Вторник', '19:30', 'Царица Есфирь'],
    ['Среда', '19:30', 'Моисей и путь к свободе'],
    ['Четверг', '19:30', 'Приключения Миши и Ани'],
    ['Пятница', '19:30', 'Письма слушателей'],
  ],
  'Расписание (московское время)',
  ['День', 'Время', 'История'],
)}`,
};

/** The privacy page as the demo first wrote it (before children's profiles): cms.seed.ts privacyChildrenSeeder finds it. */
export const privacyBodyBefore = {
  en: `<h2 id="collect">What we collect</h2><p>Your name and e-mail when you write to us, sign the guest book, request lessons or subscribe; your orders and addresses when you buy. We never sell or lend them.</p>
<h2 id="use">How we use it</h2><p>To answer you, ship what you ordered and send the newsletter you asked for. Every newsletter has an unsubscribe link.</p>
<h2 id="cookies">Cookies</h2><p>One cookie keeps your session and your cart. We use no advertising or tracking cookies.</p>
<h2 id="rights">Your rights</h2><p>Ask us at any time to see, correct or delete what we hold about you: <a href="/contact">contact us</a>.</p>`,
  es: `<h2 id="datos">Qué datos guardamos</h2><p>Tu nombre y correo cuando nos escribes, firmas el libro de visitas, pides lecciones o te suscribes; tus pedidos y direcciones cuando compras. Nunca los vendemos ni los prestamos.</p>
<h2 id="uso">Cómo los usamos</h2><p>Para responderte, enviarte lo que pediste y mandarte el boletín que solicitaste.</p>
<h2 id="cookies">Cookies</h2><p>Una sola cookie guarda tu sesión y tu carrito. No usamos cookies de publicidad ni de seguimiento.</p>
<h2 id="derechos">Tus derechos</h2><p>Puedes pedirnos en cualquier momento ver, corregir o borrar tus datos: <a href="/contactar">contáctanos</a>.</p>`,
  ru: `<h2 id="dannye">Какие данные мы храним</h2><p>Имя и адрес почты, когда вы пишете нам, оставляете запись в гостевой книге или подписываетесь; заказы и адреса при покупке. Мы никогда не продаём и не передаём их.</p>
<h2 id="cookies">Cookies</h2><p>Один cookie хранит вашу сессию и корзину. Рекламных и отслеживающих cookie нет.</p>
<h2 id="prava">Ваши права</h2><p>Вы можете в любой момент попросить показать, исправить или удалить ваши данные: <a href="/contact">напишите нам</a>.</p>`,
};
