import type { ChildListening, ChildListeningResponse } from '@storyhouse/contracts';
import { childListeningPath, childMayHearAlbum, childTimeRefusal, onDeviceClock } from '@storyhouse/contracts/child-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { CHILD_RULES_KEY, deviceStorage } from '../../lib/device-session-keys';
import { setPlayGate } from '../player/play-gate';
import { useSession } from '../session/api/get-session';

/**
 * A child profile's listening rules on the device (issue 42, decision 056):
 * asked of the server while online (GET /crud/my-library/child, which is
 * what the server itself enforces) and kept on the device with the account
 * and profile they are for, so that offline the child's kept shelf and
 * quiet hours follow the same rules.
 */
interface KeptRules {
  user_id: number;
  rules: ChildListening;
}

export const childRulesKey = ['my-library', 'child'];

/** How often the rules are asked again while a child listens: the time heard today moves on. */
const REFRESH_MS = 60_000;

/** The kept rules as last read (the same object while the text is the same: a render does not make new rules). */
let lastRead: { text: string | null; kept: KeptRules | null } = { text: null, kept: null };

function readKept(userId: number, profileId: number): ChildListening | null {
  try {
    const text = deviceStorage()?.getItem(CHILD_RULES_KEY) ?? null;
    if (text !== lastRead.text) lastRead = { text, kept: JSON.parse(text ?? 'null') as KeptRules | null };
    const { kept } = lastRead;
    return kept?.user_id === userId && kept.rules.profile_id === profileId ? kept.rules : null;
  } catch {
    return null;
  }
}

/** Keeps the rules on the device for the account (what a later offline visit follows). */
export function keepChildRules(userId: number, rules: ChildListening) {
  try {
    deviceStorage()?.setItem(CHILD_RULES_KEY, JSON.stringify({ user_id: userId, rules } satisfies KeptRules));
  } catch {
    // Storage full or blocked: the rules are followed online only.
  }
}

const childQuery = (userId: number) =>
  queryOptions({
    queryKey: childRulesKey,
    queryFn: async () => {
      const { child } = await api<ChildListeningResponse>(childListeningPath);
      // The one more story's end on this device's clock, which the quiet hours are followed on too.
      const rules = child && onDeviceClock(child, Date.now());
      if (rules) keepChildRules(userId, rules);
      return rules;
    },
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });

/**
 * Whom the device listens as: `child` false for the parents (and a visitor);
 * for a child, their rules (null while unknown: nothing kept and no answer yet,
 * and then nothing of the kept shelf is shown).
 */
export function useChildRules(): { child: boolean; rules: ChildListening | null } {
  const session = useSession().data;
  const profileId = session?.logged_in ? (session.profile?.id ?? null) : null;
  const userId = session?.user_id ?? null;
  const query = useQuery({ ...childQuery(userId ?? 0), enabled: profileId !== null && userId !== null });
  if (profileId === null || userId === null) return { child: false, rules: null };
  const fresh = query.data && query.data.profile_id === profileId ? query.data : null;
  return { child: true, rules: fresh ?? readKept(userId, profileId) };
}

/** Whether the listener may hear album `productId` (the parents: always; a child with unknown rules: never). */
export function mayHearAlbum({ child, rules }: ReturnType<typeof useChildRules>, productId: number) {
  return !child || (rules !== null && childMayHearAlbum(rules, productId));
}

/** The player's gate for a child's rules (components/player/play-gate.ts): quiet hours, the daily limit, one more story. */
export const gateOf = (rules: ChildListening | null) =>
  rules ? (skuId: number, nowMs: number) => childTimeRefusal(rules, skuId, nowMs) : null;

/**
 * While a child profile listens, every play passes the child's time rules
 * (set from the first render, the kept rules offline, before a play can be
 * pressed). Answers whether a child listens.
 */
export function useChildPlayGate() {
  const { child, rules } = useChildRules();
  useEffect(() => {
    setPlayGate(child ? gateOf(rules) : null);
    return () => setPlayGate(null);
  }, [child, rules]);
  return child;
}
