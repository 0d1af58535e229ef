import { PREVIEW_SECONDS, type SearchHit } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { productQuery } from '../../components/catalogue/api/get-product';
import { storyQueue, useQueueTrack } from '../../components/catalogue/use-queue-track';
import { usePlayer } from '../../components/player/player';
import { useI18n } from '../../lib/i18n';
import { useErrorMessage } from '../../ui/use-error-message';

/** The story a search hit's page is (`/story/{slug}`: the server's url of a transcript hit). */
const storySlugOf = (url: string) => /^\/story\/([^/?#]+)$/.exec(url)?.[1];

type Said = { kind: 'note' | 'error'; text: string } | null;

/**
 * "Play from here" on a sentence search found in a story's words: its track plays from that sentence, then the rest
 * of its album, as the story page would queue them. What plays is what the listener may hear (the server's verdict
 * on the album's tracks, asked for now: the search's answer is the same for everyone): the full recording from the
 * sentence, or the preview, from the sentence when it is within the preview and else from its start (said here).
 */
export function PlayFromHere({ hit }: { hit: SearchHit & { sku_id: number; start_ms: number } }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const queueTrack = useQueueTrack();
  const player = usePlayer();
  const [said, setSaid] = useState<Said>(null);
  const slug = storySlugOf(hit.url);
  if (!slug) return null;
  const album = () => queryClient.fetchQuery(productQuery(slug));

  const play = async () => {
    setSaid(null);
    try {
      const product = await album();
      const { queue } = storyQueue(product, queueTrack);
      // Hidden or taken out of its album since the search was made.
      const track = queue[product.tracks.findIndex((tr) => tr.sku_id === hit.sku_id)];
      if (!track) return setSaid({ kind: 'error', text: t('search.playGone') });
      player.playFrom(track, queue, hit.start_ms / 1000);
      if (track.preview && hit.start_ms >= PREVIEW_SECONDS * 1000) setSaid({ kind: 'note', text: t('search.previewFromStart') });
    } catch (error) {
      setSaid({ kind: 'error', text: errorMessage(error) });
    }
  };

  return (
    <div className="search-hit__play">
      <button
        type="button"
        className="button button--secondary"
        aria-label={t('search.playFromHereLabel', { title: hit.title })}
        // The album's tracks are asked for as the pointer or the focus comes: the press then plays at once.
        onPointerEnter={() => void queryClient.prefetchQuery(productQuery(slug))}
        onFocus={() => void queryClient.prefetchQuery(productQuery(slug))}
        onClick={() => void play()}
      >
        {t('search.playFromHere')}
      </button>
      {said && (
        <p className={`search-hit__said search-hit__said--${said.kind}`} role={said.kind === 'error' ? 'alert' : 'status'}>
          {said.text}
        </p>
      )}
    </div>
  );
}
