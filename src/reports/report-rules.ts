/** The fields an update takes; a body with none of them is refused. */
export const UPDATE_FIELDS = [
  'privacy',
  'password',
  'results',
  'rotate_share_token',
  'schedule',
] as const;
