import { type FamilyAlbum, mediaPaths } from '@storyhouse/contracts';

/** An album as the web shows it in a list (favourites, a child's rules): its cover's address rather than the stored key. */
export const albumOf = (row: { id: number; title: string; primary_image: string | null }): FamilyAlbum => ({
  id: row.id,
  title: row.title,
  image: row.primary_image ? mediaPaths.image(row.primary_image) : null,
});
