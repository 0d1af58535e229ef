import type { ReactNode } from 'react';

/**
 * The storefront's icons: inline SVG, drawn on a 24 px grid in the text's
 * colour (currentColor), decoration only (aria-hidden): the control that
 * holds one names itself with visible text or an accessible name. One
 * place, so every screen draws the same cart, chevron and download arrow.
 */
function Icon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { className?: string };

export const SearchIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4" />
  </Icon>
);

export const CartIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
    <circle cx="9.5" cy="20" r="1.3" />
    <circle cx="17" cy="20" r="1.3" />
  </Icon>
);

export const AccountIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.2-4 4.2-6 8-6s6.8 2 8 6" />
  </Icon>
);

export const MenuIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const CloseIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="m6 6 12 12M18 6 6 18" />
  </Icon>
);

/** A menu's chevron: it points down while closed and turns up when open (styles.css: [aria-expanded="true"] .icon--chevron). */
export const ChevronIcon = ({ className }: IconProps) => (
  <Icon className={className ? `icon--chevron ${className}` : 'icon--chevron'}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

/** An arrow down into a tray: a file saved to the device. */
export const DownloadIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M12 4v11" />
    <path d="m7 10 5 5 5-5" />
    <path d="M4 17v2a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-2" />
  </Icon>
);
