import { useId } from 'react';
import type { Player } from '../../components/player/player';
import { useI18n } from '../../lib/i18n';

/** Now Playing's "Up next": the tracks that play after this one, in order. */
export function UpNext({ player }: { player: Player }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="up-next" aria-labelledby={headingId}>
      <h3 id={headingId} className="up-next__heading">
        {t('player.upNext')}
      </h3>
      {player.upNext.length === 0 ? (
        <p className="up-next__empty">{t('player.upNextEmpty')}</p>
      ) : (
        <ol className="up-next__list">
          {player.upNext.map((track) => (
            <li key={track.id} className="up-next__track">
              {track.title}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
