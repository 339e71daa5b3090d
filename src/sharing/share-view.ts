import { ApiProperty } from '@nestjs/swagger';
import { Privacy } from './privacy.js';
import type { Shareable, ShareableKind } from './shareable-kind.js';

/** The `privacy` of a shareable thing's view. */
export const ApiPrivacyProperty = () =>
  ApiProperty({
    enum: [0, 1, 2],
    type: 'integer',
    description: '0 public, 1 private, 2 password.',
  });

/** The address of a shared thing's page, from the request's own origin; null when private. */
export function shareUrlOf(
  kind: Pick<ShareableKind, 'pathPrefix'>,
  shared: Pick<Shareable, 'privacy' | 'shareToken'>,
  origin: string,
): string | null {
  return shared.privacy === Privacy.Private || !shared.shareToken
    ? null
    : `${origin}${kind.pathPrefix}/${shared.shareToken}`;
}
