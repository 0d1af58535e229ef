import { type FreeMp3Form, type FreeMp3Grant, freeMp3DownloadUrl } from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { hashToken, newToken, TOKEN_FORMAT } from '../../lib/tokens';
import { captchaService } from '../captcha/captcha.service';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { freeMp3Repository } from './free-mp3.repository';

/** Per client address: a family asks once or twice; a script does not get a stream of links. */
export const FREE_MP3_RATE_LIMIT: RateLimit = { limit: 10, windowSeconds: 10 * 60 };
/** Long enough to play the story and save it; short enough that a shared link soon stops working. */
export const FREE_MP3_LINK_TTL_SECONDS = 15 * 60;

/** The file and the name it downloads under. */
export interface FreeMp3File {
  key: string;
  name: string;
}

const storyName = (e: { title: string; free_story_title: string }) => e.free_story_title.trim() || e.title.trim();

/**
 * Spec §4/§5 Free MP3, enforced by the server (issue 6): the MP3 of a
 * free-mp3 page goes only to a form with a valid, unspent captcha, and only
 * through a secret link that expires. The newsletter sign-up of adults
 * stays with the web page (spec §7: the provider's JSONP call).
 */
export function freeMp3Service(db: Db) {
  const repo = freeMp3Repository(db);
  const captcha = captchaService(db);

  return {
    /** A verified form's answer: a fresh download link to the entry's MP3. */
    async request(entryId: number, clientIp: string, form: FreeMp3Form): Promise<FreeMp3Grant> {
      await enforceRateLimit(db, `free-mp3:${clientIp}`, FREE_MP3_RATE_LIMIT);
      // The page first: a wrong id must not spend the visitor's captcha.
      const entry = await repo.findOffering(entryId);
      if (!entry) throw new AppError('not_found', 'page_not_found');
      if ((await captcha.verify(form.captcha)) !== 'valid') throw new AppError('invalid_data', 'free_mp3_captcha_invalid');
      const token = newToken();
      const expiresAt = await repo.insertLink(entry.id, hashToken(token), FREE_MP3_LINK_TTL_SECONDS);
      return { download_url: freeMp3DownloadUrl(token), expires_at: expiresAt.toISOString(), title: storyName(entry) };
    },

    /** The file a link opens; 404 free_mp3_link_invalid (forged, unknown, page withdrawn), 410 free_mp3_link_expired. */
    async open(token: string): Promise<FreeMp3File> {
      const link = TOKEN_FORMAT.test(token) ? await repo.findLink(hashToken(token)) : undefined;
      if (!link) throw new AppError('not_found', 'free_mp3_link_invalid');
      if (link.expired) throw new AppError('gone', 'free_mp3_link_expired');
      return { key: link.mp3, name: storyName(link) || 'free-story' };
    },
  };
}

export type FreeMp3Service = ReturnType<typeof freeMp3Service>;
