import type { LangCode } from '@storyhouse/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider, loadMessages } from '../../lib/i18n';
import { AlbumCardHead } from './album-card-head';

/** A library card's head as the site of `lang` shows it: the album's title, then its language. */
async function head(lang: LangCode, album: LangCode) {
  const catalog = await loadMessages(lang);
  const html = renderToStaticMarkup(
    <I18nProvider lang={lang} catalog={catalog}>
      <AlbumCardHead album={{ productTitle: 'Noah’s Big Boat', lang_code: album }} />
    </I18nProvider>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('My Library names an album’s language in the site’s language (decision 038)', () => {
  it('in Russian on the Russian site, in Spanish on the Spanish one', async () => {
    expect(await head('ru', 'en')).toBe('Noah’s Big Boat Английский');
    expect(await head('ru', 'es')).toBe('Noah’s Big Boat Испанский');
    expect(await head('es', 'en')).toBe('Noah’s Big Boat Inglés');
    expect(await head('en', 'ru')).toBe('Noah’s Big Boat Russian');
  });
});
