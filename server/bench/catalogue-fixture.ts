// A large catalogue for `npm run bench` (never the tests): a scratch
// PostgreSQL database, migrated by the server's own migrator, filled with
// generate_series in a few statements so 10,000 products and 50,000 tracks
// take seconds, not minutes. drop() removes the database. The smoke run fills
// the database its steps share instead (`into`), which drop() leaves.
import { sql } from 'kysely';
import { connectPostgres } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createScratchDatabase } from '../test/scratch-database';

export interface CatalogueFixture {
  /** The scratch database's URL, for the server under test. */
  url: string;
  products: number;
  tracks: number;
  /** A word found in some titles and descriptions, for the searched page. */
  searchTerm: string;
  /** Products of the default (English) listing that match searchTerm. */
  searchMatches: number;
  drop(): Promise<void>;
}

// Per language, the words of the generated text: common words make up most
// of it; every title and description also names one person, as a story
// catalogue's do, so a name is a search with a realistic share of matches
// (a few percent). Real words, so each language's dictionary stems them as it
// would a real catalogue. The first English name is the bench's search term.
const vocabulary = {
  en: {
    words: `lighthouse shepherd lion boat garden star river mountain king queen brave little kind friend journey promise
      rainbow whale storm harvest lamb bread fisherman village light song morning night seed tree bridge
      well shield giant path treasure lamp letter wall gate window prayer feast wedding coat field market
      brother sister mother father grandma baby donkey camel sheep sparrow eagle dove fox bear wolf rock
      sand sea sail net fire cloud wind rain snow sun moon road home tent door table cup basket jar
      oil coin crown sword harp trumpet scroll ark tower palace desert island valley hill cave spring`,
    names: `Gideon Daniel Noah Esther Ruth Jonah Moses Joseph Miriam Samuel Elijah Deborah Hannah Abigail Caleb Joshua
      Boaz Naomi Isaac Rebecca Jacob Rachel Leah Benjamin Aaron Zacchaeus Bartimaeus Lydia Priscilla Timothy
      Barnabas Silas Martha Lazarus Nicodemus Peter Andrew Thomas Matthew Philip`,
  },
  es: {
    words: `faro pastor león barco jardín estrella río montaña rey reina valiente pequeño amable amigo viaje promesa
      arcoíris ballena tormenta cosecha cordero pan pescador aldea luz canción mañana noche semilla árbol puente
      pozo escudo gigante camino tesoro lámpara carta muro puerta ventana oración fiesta boda abrigo campo
      hermano hermana madre padre abuela bebé burro camello oveja gorrión águila paloma zorro oso lobo roca`,
    names: `Gedeón Daniel Noé Ester Rut Jonás Moisés José María Samuel Elías Débora Ana Abigail Caleb Josué Booz
      Noemí Isaac Rebeca Jacob Raquel Lea Benjamín Aarón Zaqueo Bartimeo Lidia Priscila Timoteo Bernabé Silas
      Marta Lázaro Nicodemo Pedro Andrés Tomás Mateo Felipe`,
  },
  ru: {
    words: `маяк пастух лев лодка сад звезда река гора царь царица смелый маленький добрый друг путь обещание
      радуга кит буря урожай ягнёнок хлеб рыбак деревня свет песня утро ночь семя дерево мост колодец щит
      великан тропа сокровище лампа письмо стена ворота окно молитва праздник свадьба пальто поле рынок брат
      сестра мама папа бабушка малыш осёл верблюд овца воробей орёл голубь лиса медведь волк камень`,
    names: `Гедеон Даниил Ной Есфирь Руфь Иона Моисей Иосиф Мариам Самуил Илия Девора Анна Авигея Халев Вооз
      Ноеминь Исаак Ревекка Иаков Рахиль Лия Вениамин Аарон Закхей Вартимей Лидия Прискилла Тимофей Варнава
      Сила Марфа Лазарь Никодим Пётр Андрей Фома Матфей Филипп`,
  },
};
const list = (text: string) => text.split(/\s+/).filter(Boolean);

export async function createCatalogueFixture(opts: {
  /** Any database on the server; the scratch one is created beside it. */
  adminUrl: string;
  products?: number;
  tracksPerProduct?: number;
  /** A database to fill instead of a scratch one (migrated first if it is not), kept by drop(). */
  into?: string;
}): Promise<CatalogueFixture> {
  const products = opts.products ?? 10_000;
  const tracksPerProduct = opts.tracksPerProduct ?? 5;
  const { url, drop } = opts.into ? { url: opts.into, drop: async () => {} } : await createScratchDatabase(opts.adminUrl);

  // One connection: the temporary vocabulary table lives in it.
  const database = connectPostgres(url, 1);
  try {
    await migrateToLatest(database.db);
    // n common words, or one name, picked from the row's language by a hash of (row, salt).
    const pick = (n: number, salt: number) =>
      sql.raw(`(select string_agg(v.words[1 + abs(hashint8(g * 1000 + ${salt} * 100 + i)::bigint) % cardinality(v.words)], ' ')
      from generate_series(1, ${n}) i)`);
    const person = (salt: number) =>
      sql.raw(`v.names[1 + abs(hashint8(g * 1000 + ${salt} * 100)::bigint) % cardinality(v.names)]`);
    // This fixture's products (a database filled with `into` holds others).
    const ours = sql.raw(`p.slug ~ '^bench-[0-9]+$'`);
    await sql`create temporary table vocab (lang text primary key, words text[] not null, names text[] not null)`.execute(
      database.db,
    );
    for (const [lang, v] of Object.entries(vocabulary)) {
      await sql`insert into vocab values (${lang}, ${list(v.words)}, ${list(v.names)})`.execute(database.db);
    }
    await sql`
      insert into products (slug, title, description, lang_code, release_date, primary_image, is_available, is_free_streaming)
      select 'bench-' || g,
        ${person(1)} || ' and the ' || initcap(${pick(2, 1)}),
        initcap(${pick(12, 2)}) || ' ' || ${person(5)} || ' ' || ${pick(12, 6)} || '.',
        v.lang,
        date '2010-01-01' + (g % 5000),
        'covers/bench.jpg',
        g % 17 <> 0,
        g % 100 = 0
      from generate_series(1, ${products}::int) g
      join vocab v on v.lang = (array['en', 'es', 'ru'])[1 + g % 3]`.execute(database.db);
    await sql`
      insert into skus (product_id, type, title, full_price_cents, sale_price_cents, is_shipped_free, lang_code)
      select p.id, f.type, p.title, f.cents, case when p.id % 4 = 0 then f.cents - 200 end, f.type = 'book' and p.id % 2 = 0, p.lang_code
      from products p
      join (values ('digital_album', 999, 1), ('physical', 1299, 2), ('book', 1499, 5)) as f(type, cents, every)
        on p.id % f.every = 0
      where ${ours}`.execute(database.db);
    await sql`
      insert into skus (product_id, type, title, description, full_price_cents, position, length_seconds, is_free,
        media_full, media_preview, lang_code)
      select p.id, 'digital_track',
        case when g % 4 = 0 then ${person(7)} || ' ' || ${pick(2, 3)} else initcap(${pick(3, 3)}) end,
        initcap(${pick(10, 4)}) || '.', 99, t,
        30 + abs(hashint8(g)::bigint) % 600, false,
        'audio/bench/' || g || '.mp3', 'audio/bench/' || g || '-preview.mp3', p.lang_code
      from products p
      cross join generate_series(0, ${tracksPerProduct - 1}::int) t
      cross join lateral (select p.id * 100 + t as g) k
      join vocab v on v.lang = p.lang_code
      where ${ours}`.execute(database.db);
    await sql`vacuum analyze`.execute(database.db);

    const searchTerm = list(vocabulary.en.names)[0] as string;
    const counts = await sql<{ products: number; tracks: number; matches: number }>`
      select (select count(*)::int from products) as products,
        (select count(*)::int from skus where type = 'digital_track') as tracks,
        (select count(*)::int from products p where p.lang_code = 'en' and (
          p.search_vector @@ websearch_to_tsquery('english', ${searchTerm})
          or exists (select 1 from skus t where t.product_id = p.id and t.type = 'digital_track'
            and t.search_vector @@ websearch_to_tsquery('english', ${searchTerm})))) as matches`.execute(database.db);
    const row = counts.rows[0] as { products: number; tracks: number; matches: number };
    await database.close();
    return { url, products: row.products, tracks: row.tracks, searchTerm, searchMatches: row.matches, drop };
  } catch (err) {
    await database.close();
    await drop();
    throw err;
  }
}
