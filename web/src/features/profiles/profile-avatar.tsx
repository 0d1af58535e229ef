import './profile-avatar.css';

/**
 * A profile's small picture where every byte counts (the header, in the first download) and the parents' everywhere:
 * its nickname's first letter in a circle coloured by its avatar, so a child finds theirs before they read. The
 * drawn animals (components/profiles/avatars.tsx) show where the page loads later ("Who's listening?", Family).
 * The name beside it is what a screen reader hears, so this is decoration.
 */
export function ProfileAvatar({ name, avatar, size = 'small' }: { name: string; avatar: string; size?: 'small' | 'large' }) {
  return (
    <span className={`profile-avatar profile-avatar--${size}`} data-avatar={avatar} aria-hidden="true">
      {name.trim().charAt(0).toLocaleUpperCase() || '?'}
    </span>
  );
}
