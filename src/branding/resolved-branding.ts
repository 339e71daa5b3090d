import { DEFAULT_ACCENT_COLOR } from './accent-color.js';
import type { AccountBranding } from './account-branding.entity.js';
import { dataUriOf } from './logo.js';
import type { LogoMediaType } from './logo.js';

/** The branding a PDF or a share page prints: every default applied. */
export interface ResolvedBranding {
  /** The agency's name, else the account's own. */
  name: string;
  logo: { mediaType: LogoMediaType; dataUri: string } | null;
  /** `#rgb` or `#rrggbb`; a neutral grey by default. */
  accentColor: string;
  contact: string | null;
  footer: string | null;
  /** False unless the account asked for the product's own name to appear. */
  showProductName: boolean;
}

/** The stored branding (or none) with the defaults of the account named `accountName`. */
export function resolveBranding(
  accountName: string,
  branding: AccountBranding | null,
): ResolvedBranding {
  return {
    name: branding?.name ?? accountName,
    logo:
      branding?.logo && branding.logoMediaType
        ? {
            mediaType: branding.logoMediaType,
            dataUri: dataUriOf({
              mediaType: branding.logoMediaType,
              bytes: branding.logo,
            }),
          }
        : null,
    accentColor: branding?.accentColor ?? DEFAULT_ACCENT_COLOR,
    contact: branding?.contact ?? null,
    footer: branding?.footer ?? null,
    showProductName: branding?.showProductName ?? false,
  };
}
