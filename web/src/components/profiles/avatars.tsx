import { AVATARS, type Avatar as AvatarName } from '@storyhouse/contracts';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';

/** Two friendly eyes and a smile, shared by the animals that face the child. */
const Eyes = ({ y = 30, gap = 9, color = '#2b2320' }: { y?: number; gap?: number; color?: string }) => (
  <>
    <circle cx={32 - gap} cy={y} r="3" fill={color} />
    <circle cx={32 + gap} cy={y} r="3" fill={color} />
    <circle cx={33 - gap} cy={y - 1} r="1" fill="#fff" />
    <circle cx={33 + gap} cy={y - 1} r="1" fill="#fff" />
  </>
);
const Smile = ({ y = 40, color = '#2b2320' }: { y?: number; color?: string }) => (
  <path d={`M27 ${y} q5 4 10 0`} fill="none" stroke={color} strokeWidth="2" strokeLinecap="round" />
);

/**
 * The drawn avatars a child chooses from (contracts AVATARS; no photo is ever asked): each a face on a round
 * background, drawn in a 64×64 box.
 */
const drawings: Record<AvatarName, { background: string; face: ReactNode }> = {
  fox: {
    background: '#ffe3c7',
    face: (
      <>
        <path d="M12 14 L22 26 L16 32 Z M52 14 L42 26 L48 32 Z" fill="#e8742c" />
        <path d="M14 28 Q32 10 50 28 Q50 46 32 54 Q14 46 14 28 Z" fill="#f08a3c" />
        <path d="M20 38 Q32 56 44 38 Q38 44 32 44 Q26 44 20 38 Z" fill="#fff7ee" />
        <Eyes y={32} />
        <circle cx="32" cy="42" r="3" fill="#2b2320" />
      </>
    ),
  },
  owl: {
    background: '#e4ddf5',
    face: (
      <>
        <path d="M16 16 L24 22 M48 16 L40 22" stroke="#7a5c3e" strokeWidth="4" strokeLinecap="round" />
        <ellipse cx="32" cy="36" rx="19" ry="20" fill="#a27b55" />
        <circle cx="24" cy="31" r="8" fill="#fff7ee" />
        <circle cx="40" cy="31" r="8" fill="#fff7ee" />
        <Eyes y={31} gap={8} />
        <path d="M29 38 L32 44 L35 38 Z" fill="#f2b134" />
        <path d="M22 48 q5 -3 10 0 q5 -3 10 0" fill="none" stroke="#7a5c3e" strokeWidth="2" />
      </>
    ),
  },
  bear: {
    background: '#f4e4cf',
    face: (
      <>
        <circle cx="17" cy="19" r="7" fill="#8b5e3c" />
        <circle cx="47" cy="19" r="7" fill="#8b5e3c" />
        <circle cx="32" cy="35" r="19" fill="#9c6b45" />
        <ellipse cx="32" cy="42" rx="9" ry="7" fill="#e9cba7" />
        <Eyes y={31} />
        <ellipse cx="32" cy="39" rx="3" ry="2.2" fill="#2b2320" />
        <Smile y={43} />
      </>
    ),
  },
  rabbit: {
    background: '#fde2ea',
    face: (
      <>
        <ellipse cx="24" cy="16" rx="5" ry="13" fill="#f1eef0" />
        <ellipse cx="40" cy="16" rx="5" ry="13" fill="#f1eef0" />
        <ellipse cx="24" cy="17" rx="2.4" ry="9" fill="#f5b8c8" />
        <ellipse cx="40" cy="17" rx="2.4" ry="9" fill="#f5b8c8" />
        <circle cx="32" cy="38" r="17" fill="#f7f4f5" />
        <Eyes y={35} gap={7} />
        <path d="M30 41 L34 41 L32 43.5 Z" fill="#e58aa3" />
        <Smile y={45} />
      </>
    ),
  },
  whale: {
    background: '#d7ecfa',
    face: (
      <>
        <path
          d="M32 12 q-4 -6 -8 -4 M32 12 q4 -6 8 -4 M32 12 v6"
          stroke="#5fa8d8"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
        <path d="M10 38 Q10 20 32 20 Q54 20 54 38 Q54 52 32 52 Q10 52 10 38 Z" fill="#3f86c6" />
        <path d="M14 42 Q32 54 50 42 Q48 50 32 50 Q16 50 14 42 Z" fill="#cfe6f7" />
        <Eyes y={34} gap={11} />
        <Smile y={40} />
      </>
    ),
  },
  lion: {
    background: '#fbecc4',
    face: (
      <>
        <circle cx="32" cy="34" r="23" fill="#d9822b" />
        <circle cx="32" cy="35" r="16" fill="#f2c14e" />
        <circle cx="20" cy="22" r="4" fill="#f2c14e" />
        <circle cx="44" cy="22" r="4" fill="#f2c14e" />
        <Eyes y={32} gap={7} />
        <path d="M29 38 L35 38 L32 41.5 Z" fill="#7a4a2a" />
        <Smile y={43} />
      </>
    ),
  },
  turtle: {
    background: '#dff2dc',
    face: (
      <>
        <path d="M12 44 Q12 24 32 24 Q52 24 52 44 Z" fill="#4f9a55" />
        <path d="M22 30 l5 6 -5 6 M42 30 l-5 6 5 6 M27 36 h10" stroke="#3c7a42" strokeWidth="2" fill="none" />
        <ellipse cx="32" cy="46" rx="22" ry="4" fill="#8cc58f" />
        <circle cx="50" cy="22" r="8" fill="#9fd0a2" />
        <circle cx="52" cy="20" r="2.2" fill="#2b2320" />
        <path d="M48 25 q3 2 6 0" stroke="#2b2320" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      </>
    ),
  },
  hedgehog: {
    background: '#efe4d6',
    face: (
      <>
        <path
          d="M10 40 L14 26 L19 33 L22 18 L28 29 L32 14 L36 29 L42 18 L45 33 L50 26 L54 40 Q54 52 32 52 Q10 52 10 40 Z"
          fill="#7d5a44"
        />
        <ellipse cx="32" cy="41" rx="15" ry="11" fill="#e8cfae" />
        <Eyes y={38} gap={6} />
        <circle cx="32" cy="44" r="2.6" fill="#2b2320" />
      </>
    ),
  },
};

/**
 * A child's drawn avatar at `size` pixels. Decorative beside the child's nickname (the default); with `label` it
 * names the animal (the avatar picker).
 */
export function Avatar({ name, size = 48, label = false }: { name: string; size?: number; label?: boolean }) {
  const { t } = useI18n();
  const drawing = drawings[(AVATARS as readonly string[]).includes(name) ? (name as AvatarName) : 'fox'];
  const shape = (
    <>
      <circle cx="32" cy="32" r="32" fill={drawing.background} />
      {drawing.face}
    </>
  );
  if (label)
    return (
      <svg className="avatar" width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={avatarName(t, name)}>
        {shape}
      </svg>
    );
  return (
    <svg className="avatar" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      {shape}
    </svg>
  );
}

/** The animal's name in the site language ("Fox"). */
export function avatarName(t: ReturnType<typeof useI18n>['t'], name: string) {
  return (AVATARS as readonly string[]).includes(name) ? t(`profiles.avatar.${name as AvatarName}`) : name;
}
