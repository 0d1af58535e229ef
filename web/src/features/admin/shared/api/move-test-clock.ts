import type { TestClockBody, TestClockResponse } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/**
 * Issue 28 item 1: POST /crud/test-payments/clock (admins; the built-in
 * test processor only, else 404): moves its clock forward and bills every
 * renewal that falls due. Every cached answer may have changed (plans,
 * invoices, orders), so all are read again.
 */
export const moveTestClock = (body: TestClockBody) =>
  api<TestClockResponse>('/crud/test-payments/clock', { method: 'POST', body });

export function useMoveTestClock() {
  const client = useQueryClient();
  return useMutation({ mutationFn: moveTestClock, onSuccess: () => client.invalidateQueries() });
}
