import type { FieldErrors } from '../common/validation.js';
import { hashPassword } from './password-hash.js';
import { passwordRuleProblem, Privacy } from './privacy.js';
import { newShareToken, shareTokenFor } from './share-token.js';

/** Who may read a shared thing, as its row stores it. */
export interface ShareState {
  privacy: Privacy;
  passwordHash: string | null;
  shareToken: string | null;
}

/** What an update changes of the share settings; a token once set is never taken away. */
export interface ShareChange {
  privacy?: Privacy;
  passwordHash?: string | null;
  shareToken?: string;
}

/** The share settings a create or update body sends (share-settings.dto.ts). */
export interface ShareSettingsSent {
  privacy?: Privacy;
  password?: string;
  rotate_share_token?: 0 | 1;
}

/**
 * The password rule on the privacy the thing will have, added to the field errors,
 * unless privacy or password is already wrong in itself (then it cannot be judged).
 */
export function judgePasswordRule(
  errors: FieldErrors,
  privacy: Privacy,
  password: string | undefined,
  keepsStoredPassword: boolean,
): void {
  if (errors.privacy || errors.password) return;
  const problem = passwordRuleProblem(
    privacy,
    password !== undefined,
    keepsStoredPassword,
  );
  if (problem) errors.password = [problem];
}

/** The password rule of an update, judged on the stored thing's privacy and password. */
export function judgePasswordRuleOn(
  stored: ShareState,
  sent: ShareSettingsSent,
  errors: FieldErrors,
): void {
  judgePasswordRule(
    errors,
    sent.privacy ?? stored.privacy,
    sent.password,
    stored.passwordHash !== null,
  );
}

/** What a judged create stores: private by default, a token unless private. */
export async function newShareState(
  sent: ShareSettingsSent,
): Promise<ShareState> {
  const privacy = sent.privacy ?? Privacy.Private;
  return {
    privacy,
    passwordHash:
      privacy === Privacy.Password ? await hashPassword(sent.password!) : null,
    shareToken: shareTokenFor(privacy),
  };
}

/**
 * The hash of an update's new password, made before the row is locked (scrypt is
 * slow on purpose); null when none was sent, or it was refused.
 */
export function hashOfSentPassword(
  sent: ShareSettingsSent,
  errors: FieldErrors,
): Promise<string | null> {
  return sent.password === undefined || errors.password
    ? Promise.resolve(null)
    : hashPassword(sent.password);
}

/** What an update changes of the stored share settings, once the password rule holds. */
export function shareChangeOf(
  stored: ShareState,
  sent: ShareSettingsSent,
  passwordHash: string | null,
): ShareChange {
  const change: ShareChange = {};
  if (passwordHash) change.passwordHash = passwordHash;
  // Only a real change of privacy counts, so re-sending the same value keeps the
  // cookies of people who unlocked the shared page valid.
  if (sent.privacy !== undefined && sent.privacy !== stored.privacy) {
    change.privacy = sent.privacy;
    if (sent.privacy !== Privacy.Password) change.passwordHash = null;
  }
  // A thing gets its share token when first shared; a rotation replaces it, so the
  // links handed out before stop working.
  const shared = (change.privacy ?? stored.privacy) !== Privacy.Private;
  if (sent.rotate_share_token === 1 || (shared && stored.shareToken === null)) {
    change.shareToken = newShareToken();
  }
  return change;
}
