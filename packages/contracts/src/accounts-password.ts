import { z } from 'zod';
import { LangCode } from './lang';
import { text } from './text-fields';

/** Spec §9: minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work of hashing a pasted novel; far above any real password. */
export const PASSWORD_MAX_LENGTH = 1024;
/** A reset link is good for one hour (issue 5, Password recovery). */
export const PASSWORD_RESET_LINK_HOURS = 1;

/** A password being set: at least 8 characters (spec §5 Passwords: 'Must be at least 8 characters'). */
export const NewPassword = text().min(1).min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordMin' }).max(PASSWORD_MAX_LENGTH);

/**
 * POST /crud/login/forgot (spec §7, §4 Forgot password, §5 'Email is
 * required.'). The answer is the same whether or not the address has an
 * account; when it has, a single-use link is e-mailed in `lang_code`.
 */
export const ForgotPasswordInput = z.strictObject({
  email: text()
    .trim()
    .min(1, { error: 'password.forgot.emailRequired' })
    .max(254)
    .pipe(z.email({ error: 'validation.invalid' })),
  /** The language of the e-mail; the site language when absent. */
  lang_code: LangCode.optional(),
});
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

/** The one answer to a forgot-password request, whoever the address belongs to. */
export const ForgotPasswordResponse = z.object({ status: z.literal('sent') }).meta({ id: 'ForgotPasswordSent' });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

/**
 * POST /crud/reset/password/token: sets a new password with the e-mailed
 * link's token instead of the current password. A forged, expired or used
 * token is refused with `password_reset_link_invalid`.
 */
export const ResetPasswordWithTokenInput = z.strictObject({
  /** The `token` of the e-mailed link. */
  token: text().min(1).max(200),
  new_password: NewPassword,
});
export type ResetPasswordWithTokenInput = z.input<typeof ResetPasswordWithTokenInput>;

/**
 * POST /crud/reset/password (spec §7, §3 Reset password, §5 Reset password:
 * both fields required) for the signed-in user.
 */
export const ChangePasswordInput = z.strictObject({
  current_password: text().min(1).max(PASSWORD_MAX_LENGTH),
  new_password: NewPassword,
});
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

/** The password was changed (spec §4 Reset password: 'password updated'). */
export const PasswordUpdatedResponse = z.object({ status: z.literal('updated') }).meta({ id: 'PasswordUpdated' });
export type PasswordUpdatedResponse = z.infer<typeof PasswordUpdatedResponse>;
