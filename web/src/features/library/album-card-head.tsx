import type { LibraryAlbum } from '@storyhouse/contracts';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';

/**
 * The head of a My Library album card: its title and a line of notes that
 * starts with its language. The online card (album-card.tsx) adds how it was
 * owned; the card of an album kept on the device (keep/kept-library.tsx) has
 * the language alone.
 */
export function AlbumCardHead({
  album,
  children,
}: {
  album: Pick<LibraryAlbum, 'productTitle' | 'lang_code'>;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <>
      <h3 className="library-card__title" lang={album.lang_code}>
        {album.productTitle}
      </h3>
      <p className="library-card__meta">
        {/* The album's language named in the site's language ("Английский" on the Russian site). */}
        <span>{t(`languageName.${album.lang_code}`)}</span>
        {children}
      </p>
    </>
  );
}
