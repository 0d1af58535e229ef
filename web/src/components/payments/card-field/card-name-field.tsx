import { useI18n } from '../../../lib/i18n';
import { FieldFrame } from '../../../ui/form/fields';

/** The name on the card (spec §5 Payment: required for a new card), as both card entries ask for it. */
export function CardNameField({
  value,
  error,
  onChange,
  onBlur,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useI18n();
  return (
    <FieldFrame label={t('payment.card.name')} required error={error}>
      {({ id, describedBy }) => (
        <input
          id={id}
          name="ccname"
          value={value}
          required
          autoComplete="cc-name"
          maxLength={100}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onBlur={onBlur}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}
