import type { useDisclosure } from '../../ui/use-disclosure';

/**
 * A library card's More (decision 073): three dots in a round 44 px button, named for the card and what it holds,
 * shown on a phone only (library.css); `toggle` is the card's disclosure's.
 */
export function MoreButton({
  label,
  toggle,
  className,
}: {
  label: string;
  toggle: ReturnType<typeof useDisclosure>['toggle'];
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`button button--secondary library-card__more-toggle${className ? ` ${className}` : ''}`}
      aria-label={label}
      title={label}
      {...toggle}
    >
      <span aria-hidden="true" className="library-card__more-dots" />
    </button>
  );
}
