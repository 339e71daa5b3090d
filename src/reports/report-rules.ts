import { Privacy } from './report.entity.js';

/** Passwords of password-protected reports: 1 to this many characters. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The password rule of create and update, judged on the privacy the report will have:
 * a password goes with privacy 2 and only with it, and privacy 2 needs one unless the
 * report keeps the one it has. Null when the rule holds.
 */
export function passwordRuleProblem(
  privacy: Privacy,
  passwordSent: boolean,
  keepsStoredPassword: boolean,
): string | null {
  if (passwordSent) {
    return privacy === Privacy.Password
      ? null
      : 'password is only accepted with privacy 2 (password)';
  }
  return privacy === Privacy.Password && !keepsStoredPassword
    ? 'password is required when privacy is 2 (password)'
    : null;
}

/** The fields an update takes; a body with none of them is refused. */
export const UPDATE_FIELDS = [
  'privacy',
  'password',
  'results',
  'rotate_share_token',
  'schedule',
] as const;
