/*
 * Child profiles' plain values, apart from their schemas (profiles.ts): My Library shows avatars and keeps favourites
 * without loading zod (issue 46).
 */

/** The drawn avatars a child profile chooses from (web draws each; no photo is ever uploaded). */
export const AVATARS = ['fox', 'owl', 'bear', 'rabbit', 'whale', 'lion', 'turtle', 'hedgehog'] as const;

/** PUT/DELETE /crud/my-library/favourites/{productId} (FavouriteParams). */
export const favouritesPath = '/crud/my-library/favourites';
