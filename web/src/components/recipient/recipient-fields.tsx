import { GIFT_MESSAGE_MAX, type Gift, RECIPIENT_NAME_MAX } from '@storyhouse/contracts';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import type { FormApi } from '../../ui/form/use-form';

/** The catalog sections that word a recipient's fields (name, email, emailHint, message): each form says what the address gets. */
type RecipientMessages = 'giftCard' | 'cart.gift';

/**
 * A recipient's fields (spec §5 Gift, Gift card): name and e-mail required,
 * a message optional, checked by the form's contract; labelled from the
 * `messages` section of the catalogs.
 */
export function RecipientFields({ form, messages }: { form: FormApi<Gift>; messages: RecipientMessages }) {
  const { t } = useI18n();
  return (
    <>
      <TextField
        form={form}
        name="name"
        label={t(`${messages}.name`)}
        required
        autoComplete="off"
        maxLength={RECIPIENT_NAME_MAX}
      />
      <TextField
        form={form}
        name="email"
        type="email"
        label={t(`${messages}.email`)}
        hint={t(`${messages}.emailHint`)}
        required
        autoComplete="off"
      />
      <TextField form={form} name="message" label={t(`${messages}.message`)} multiline maxLength={GIFT_MESSAGE_MAX} />
    </>
  );
}
