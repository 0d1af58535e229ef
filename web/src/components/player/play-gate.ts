import type { TimeRefusal } from '@storyhouse/contracts';

/**
 * What may stop a play before it starts (issue 42): a child's quiet hours and
 * daily limit, followed on the device from the child's rules (the server
 * refuses the stream anyway; this shows why, offline too, instead of an
 * audio error). The engine asks `mayPlay` on every play; a refusal is held
 * here until dismissed, for the quiet-time screen to show. Tiny and without
 * the rules themselves: the child's feature sets the gate (setPlayGate).
 */
export interface PlayRefusal {
  reason: TimeRefusal;
  skuId: number;
}

type Gate = (skuId: number, nowMs: number) => TimeRefusal | null;

let gate: Gate | null = null;
let refusal: PlayRefusal | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** The rule every full track's play passes (null: none, the parents). */
export function setPlayGate(next: Gate | null) {
  gate = next;
}

/** Whether `track` may play now; a refused full track is held as the refusal. Previews always play. */
export function mayPlay(track: { id: string } | null): boolean {
  const skuId = Number(/^full:(\d+)$/.exec(track?.id ?? '')?.[1] ?? Number.NaN);
  if (!gate || !Number.isInteger(skuId)) return true;
  const reason = gate(skuId, Date.now());
  if (!reason) return true;
  refusal = { reason, skuId };
  notify();
  return false;
}

export function dismissRefusal() {
  refusal = null;
  notify();
}

export const currentRefusal = () => refusal;
export function subscribeRefusal(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
