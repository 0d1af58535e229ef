import {
  type AgeBand,
  type Avatar,
  type ChildProfileCreate,
  type ChildProfilesResponse,
  type ChildProfileUpdate,
  type ChildProfileView,
  type Listens,
  MAX_CHILD_PROFILES,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { openAlbumsOf } from '../entitlements/access';
import { albumOf } from '../entitlements/family-album';
import { hasParentPin } from './parent-pin';
import { type AlbumRules, type ProfileRow, profilesRepository } from './profiles.repository';

/** How many days the Family page shows each child's listening for: the week ending today. */
const WEEK_DAYS = 7;
/** How many recently heard albums it shows per child. */
const RECENT_ALBUMS = 5;

/** The day `moment` is on the clock of `timeZone`, 'YYYY-MM-DD'. */
function dayIn(timeZone: string, moment: Date) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/** The `WEEK_DAYS` days ending on `today` ('YYYY-MM-DD'), oldest first. */
function weekEnding(today: string) {
  const end = new Date(`${today}T12:00:00Z`);
  return Array.from({ length: WEEK_DAYS }, (_, i) => {
    const day = new Date(end);
    day.setUTCDate(end.getUTCDate() - (WEEK_DAYS - 1 - i));
    return day.toISOString().slice(0, 10);
  });
}

const unknownAlbum = (field: 'picked' | 'never') =>
  new AppError('invalid_data', 'validation_failed', {}, { [field]: { key: 'validation.unknownAlbum' } });

/**
 * The parents' management of their children's profiles (decision 051): at most six, each the parents' own
 * (another family's profile is not found), the rules checked whole before anything is written.
 */
export function profilesService(db: Db, clock: () => Date = () => new Date()) {
  const repo = profilesRepository(db);

  /** Refuses album ids that are no album of the catalogue (a product with a track). */
  async function checkAlbums(albums: AlbumRules) {
    const asked = [...(albums.pick ?? []), ...(albums.never ?? [])];
    const known = await repo.albumsAmong(asked);
    if (albums.pick?.some((id) => !known.has(id))) throw unknownAlbum('picked');
    if (albums.never?.some((id) => !known.has(id))) throw unknownAlbum('never');
  }

  async function views(rows: ProfileRow[]): Promise<ChildProfileView[]> {
    const ids = rows.map((r) => r.id);
    const now = clock();
    const weeks = new Map(rows.map((r) => [r.id, weekEnding(dayIn(r.time_zone, now))]));
    const earliest = [...weeks.values()].map((w) => w[0] as string).sort()[0] ?? dayIn('UTC', now);
    const [rules, days, recent] = await Promise.all([
      repo.albumRules(ids),
      repo.listeningDays(ids, earliest),
      repo.recentAlbums(ids, RECENT_ALBUMS),
    ]);
    return rows.map((row) => {
      const seconds = new Map(days.filter((d) => d.profile_id === row.id).map((d) => [d.day, d.seconds]));
      const mine = rules.filter((r) => r.profile_id === row.id);
      return {
        ...row,
        avatar: row.avatar as Avatar,
        age_band: row.age_band as AgeBand,
        listens: row.listens as Listens,
        picked: mine.filter((r) => r.rule === 'pick').map((r) => r.product_id),
        never: mine.filter((r) => r.rule === 'never').map((r) => r.product_id),
        week: (weeks.get(row.id) ?? []).map((day) => ({ day, minutes: Math.floor((seconds.get(day) ?? 0) / 60) })),
        recent: recent
          .filter((r) => r.profile_id === row.id)
          .map((r) => ({ ...albumOf(r), heard_at: new Date(r.heard_at).toISOString() })),
      };
    });
  }

  async function one(userId: number, id: number) {
    const row = await repo.find(userId, id);
    if (!row) throw new AppError('not_found', 'profile_not_found');
    return (await views([row]))[0] as ChildProfileView;
  }

  return {
    async list(userId: number): Promise<ChildProfilesResponse> {
      const [rows, hasPin, albums] = await Promise.all([repo.list(userId), hasParentPin(db, userId), openAlbumsOf(db, userId)]);
      return { items: await views(rows), max: MAX_CHILD_PROFILES, has_pin: hasPin, albums: albums.map(albumOf) };
    },

    /** 409 profiles_full past six children. */
    async create(userId: number, input: ChildProfileCreate): Promise<ChildProfileView> {
      const { picked, never, ...values } = input;
      const albums = { pick: picked, never };
      if ((await repo.count(userId)) >= MAX_CHILD_PROFILES)
        throw new AppError('conflict', 'profiles_full', { max: MAX_CHILD_PROFILES });
      await checkAlbums(albums);
      const id = await repo.create(userId, values, albums, MAX_CHILD_PROFILES);
      if (id === undefined) throw new AppError('conflict', 'profiles_full', { max: MAX_CHILD_PROFILES });
      return one(userId, id);
    },

    /** 404 for a profile that is not the family's own; an album both picked and refused (after the change) is 400. */
    async update(userId: number, id: number, input: ChildProfileUpdate): Promise<ChildProfileView> {
      const { picked, never, ...values } = input;
      const current = await one(userId, id);
      const pick = picked ?? current.picked;
      const refused = new Set(never ?? current.never);
      if (pick.some((p) => refused.has(p)))
        throw new AppError('invalid_data', 'validation_failed', {}, { never: { key: 'validation.pickedAndNever' } });
      const albums = { pick: picked, never };
      await checkAlbums(albums);
      if (!(await repo.update(userId, id, values, albums))) throw new AppError('not_found', 'profile_not_found');
      return one(userId, id);
    },

    async remove(userId: number, id: number) {
      if (!(await repo.remove(userId, id))) throw new AppError('not_found', 'profile_not_found');
    },
  };
}
