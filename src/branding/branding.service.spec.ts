import { tinyPng } from '../../test/support/png.js';
import { ProblemException } from '../common/problem.js';
import { AccountBranding } from './account-branding.entity.js';
import type { BrandingFields } from './account-branding.entity.js';
import type { BrandingRepository } from './branding.repository.js';
import { BrandingService } from './branding.service.js';
import { PutBrandingDto } from './dto/put-branding.dto.js';

/** The repository as a map of accounts, their names and brandings. */
function fakeRepository(accounts: Record<string, string>) {
  const stored = new Map<string, AccountBranding>();
  const repository = {
    findForAccount: (accountId: string) =>
      Promise.resolve(
        accounts[accountId] === undefined
          ? null
          : {
              accountName: accounts[accountId],
              branding: stored.get(accountId) ?? null,
            },
      ),
    replace: (accountId: string, fields: BrandingFields) => {
      const branding = Object.assign(new AccountBranding(), {
        accountId,
        ...fields,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      stored.set(accountId, branding);
      return Promise.resolve(branding);
    },
    delete: (accountId: string) => {
      stored.delete(accountId);
      return Promise.resolve();
    },
  };
  return { repository: repository as unknown as BrandingRepository, stored };
}

const body = (fields: Partial<PutBrandingDto>) =>
  Object.assign(new PutBrandingDto(), fields);

describe('BrandingService', () => {
  it('brandingFor: the account name and a neutral colour when nothing is stored', async () => {
    const { repository } = fakeRepository({ '1': 'Northwind' });
    const service = new BrandingService(repository);
    expect(await service.brandingFor('1')).toEqual({
      name: 'Northwind',
      logo: null,
      accentColor: '#4b5563',
      contact: null,
      footer: null,
      showProductName: false,
    });
  });

  it('brandingFor: the stored fields, the logo as a data URI of the type its bytes prove', async () => {
    const { repository } = fakeRepository({ '1': 'Northwind' });
    const service = new BrandingService(repository);
    const png = tinyPng();
    await service.replace(
      '1',
      body({
        name: 'Acme SEO',
        accent_color: '#ABCDEF',
        logo: `data:image/svg+xml;base64,${png.toString('base64')}`,
        show_product_name: true,
      }),
    );
    expect(await service.brandingFor('1')).toEqual({
      name: 'Acme SEO',
      logo: {
        mediaType: 'image/png',
        dataUri: `data:image/png;base64,${png.toString('base64')}`,
      },
      accentColor: '#abcdef',
      contact: null,
      footer: null,
      showProductName: true,
    });
  });

  it('names the logo beside the fields the DTO refused, in one 422, and stores nothing', async () => {
    const { repository, stored } = fakeRepository({ '1': 'Northwind' });
    const service = new BrandingService(repository);
    const refused = body({ logo: 'data:image/png;base64,/9j/4AAQ' });
    refused.fieldErrors = { name: ['name must be text'] };
    const error = await service.replace('1', refused).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemException);
    expect((error as ProblemException).toDocument()).toMatchObject({
      status: 422,
      errors: {
        name: ['name must be text'],
        logo: ['logo must be a PNG or an SVG image'],
      },
    });
    expect(stored.size).toBe(0);
  });

  it('an account that does not exist is a 404, not a default', async () => {
    const { repository } = fakeRepository({});
    const service = new BrandingService(repository);
    await expect(service.brandingFor('9')).rejects.toMatchObject({
      status: 404,
    });
  });
});
