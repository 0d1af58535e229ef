import type { ReceiptSettings, ReceiptSettingsBody } from '@storyhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const settingsKey = ['admin', 'receipt-settings'] as const;

/** GET /crud/admin/receipt-settings (decision 068): the ministry's details on gift receipts. */
export const useReceiptSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api<ReceiptSettings>('/crud/admin/receipt-settings', { signal }),
    retry: false,
  });

/** PUT /crud/admin/receipt-settings: replaced together (a 400 names the field); the audit log is read again. */
export function useSaveReceiptSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptSettingsBody) => api<ReceiptSettings>('/crud/admin/receipt-settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(settingsKey, saved);
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
