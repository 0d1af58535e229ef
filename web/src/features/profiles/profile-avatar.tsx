import './profile-avatar.css';

/**
 * A profile's picture: its nickname's first letter in a circle coloured by its avatar (each avatar its own colour,
 * so a child finds theirs before they read). The drawn avatars (components/profiles) take this place once they
 * are in the app; the name beside it is what a screen reader hears, so this is decoration.
 */
export function ProfileAvatar({ name, avatar, size = 'small' }: { name: string; avatar: string; size?: 'small' | 'large' }) {
  return (
    <span className={`profile-avatar profile-avatar--${size}`} data-avatar={avatar} aria-hidden="true">
      {name.trim().charAt(0).toLocaleUpperCase() || '?'}
    </span>
  );
}
