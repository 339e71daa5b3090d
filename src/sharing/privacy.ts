/**
 * Who may read a shared thing (a report, a site audit): its privacy and the password
 * rule that goes with it.
 */
export enum Privacy {
  Public = 0,
  Private = 1,
  Password = 2,
}

/** Passwords of password-protected things: 1 to this many characters. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The password rule of create and update, judged on the privacy the thing will have:
 * a password goes with privacy 2 and only with it, and privacy 2 needs one unless the
 * thing keeps the one it has. Null when the rule holds.
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
