/** The accent colour of an account without one: a neutral slate grey. */
export const DEFAULT_ACCENT_COLOR = '#4b5563';

export const ACCENT_COLOR_MESSAGE =
  'accent_color must be a CSS hex colour: #rgb or #rrggbb';

/** A CSS hex colour, `#rgb` or `#rrggbb`: nothing else is written into a page's CSS. */
export function isAccentColor(value: unknown): value is string {
  return (
    typeof value === 'string' && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)
  );
}
