import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '../common/problem.js';
import { throwIfInvalid } from '../common/validation.js';
import type { FieldErrors } from '../common/validation.js';
import type {
  AccountBranding,
  BrandingFields,
} from './account-branding.entity.js';
import { BrandingRepository } from './branding.repository.js';
import type { PutBrandingDto } from './dto/put-branding.dto.js';
import { readLogoDataUri } from './logo.js';
import type { Logo } from './logo.js';
import { resolveBranding } from './resolved-branding.js';
import type { ResolvedBranding } from './resolved-branding.js';

/** What the account stored (null: nothing) and what will be printed. */
export interface BrandingState {
  stored: AccountBranding | null;
  resolved: ResolvedBranding;
}

/** The rules of an account's branding: what a logo may be, and the defaults. */
@Injectable()
export class BrandingService {
  constructor(private readonly brandings: BrandingRepository) {}

  async get(accountId: string): Promise<BrandingState> {
    const found = await this.brandings.findForAccount(accountId);
    if (!found) throw new NotFoundProblem('There is no such account.');
    return {
      stored: found.branding,
      resolved: resolveBranding(found.accountName, found.branding),
    };
  }

  /**
   * Replaces the account's branding with the body's fields (those left out unset),
   * once every field passes: one 422 names each that does not, `logo` included.
   */
  async replace(
    accountId: string,
    body: PutBrandingDto,
  ): Promise<BrandingState> {
    const errors: FieldErrors = { ...body.fieldErrors };
    let logo: Logo | null = null;
    if (!errors.logo && body.logo !== undefined) {
      const reading = readLogoDataUri(body.logo);
      if ('refused' in reading) errors.logo = [reading.refused];
      else logo = reading.logo;
    }
    throwIfInvalid(errors);
    const fields: BrandingFields = {
      name: body.name ?? null,
      logo: logo?.bytes ?? null,
      logoMediaType: logo?.mediaType ?? null,
      accentColor: body.accent_color?.toLowerCase() ?? null,
      contact: body.contact ?? null,
      footer: body.footer ?? null,
      showProductName: body.show_product_name ?? false,
    };
    await this.brandings.replace(accountId, fields);
    return this.get(accountId);
  }

  /** Back to the defaults: the account's name, a neutral colour, no logo. */
  async reset(accountId: string): Promise<void> {
    await this.brandings.delete(accountId);
  }

  /**
   * The branding to print on the account's PDFs and share pages, ready to use: the
   * stored fields, and the defaults (the account's name, a neutral accent colour) for
   * those it left unset.
   */
  async brandingFor(accountId: string): Promise<ResolvedBranding> {
    return (await this.get(accountId)).resolved;
  }
}
