import request from 'supertest';
import { pngOfSize, tinyPng } from './support/png.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * An account's branding end to end, on the real app and database: the three routes,
 * the 422 of each field, tenancy, the logo's size limit (and the body limit raised
 * for this route alone), and the defaults brandingFor prints without a branding.
 */
const BRANDING = '/api/v1/account/branding';

const dataUri = (type: string, bytes: Buffer) =>
  `data:${type};base64,${bytes.toString('base64')}`;

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="#0a7"/></svg>`;
const CLEAN_SVG = `<svg viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10" fill="#0a7"/></svg>`;

describe('account branding', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('without a branding, stores nothing and prints the account name and neutral colours', async () => {
    const { key } = await t.newAccount('Northwind Traders');
    const res = await t.as(key).get(BRANDING).expect(200);
    expect(res.body).toEqual({
      data: {
        name: null,
        logo: null,
        accent_color: null,
        contact: null,
        footer: null,
        show_product_name: false,
        updated_at: null,
        resolved: {
          name: 'Northwind Traders',
          logo: null,
          accent_color: '#4b5563',
          contact: null,
          footer: null,
          show_product_name: false,
        },
      },
    });
  });

  it('PUT, GET and DELETE: set, read back, replace, and back to the defaults', async () => {
    const { key } = await t.newAccount('Acme account');
    const api = t.as(key);
    const png = tinyPng(4, 2);
    const put = await api
      .put(BRANDING)
      .send({
        name: 'Acme SEO',
        logo: dataUri('image/png', png),
        accent_color: '#0A7',
        contact: 'hello@acme-seo.example',
        footer: 'Prepared for you by Acme SEO.',
        show_product_name: true,
      })
      .expect(200);
    const stored = {
      name: 'Acme SEO',
      logo: dataUri('image/png', png),
      accent_color: '#0a7',
      contact: 'hello@acme-seo.example',
      footer: 'Prepared for you by Acme SEO.',
      show_product_name: true,
    };
    expect(put.body.data).toEqual({
      ...stored,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      resolved: stored,
    });
    const got = await api.get(BRANDING).expect(200);
    expect(got.body).toEqual(put.body);

    // A PUT replaces: what it leaves out is unset. An SVG is cleaned, and its type
    // is the one its bytes prove, whatever the URI declared.
    const replaced = await api
      .put(BRANDING)
      .send({ logo: dataUri('image/png', Buffer.from(SVG)) })
      .expect(200);
    expect(replaced.body.data).toMatchObject({
      name: null,
      logo: dataUri('image/svg+xml', Buffer.from(CLEAN_SVG)),
      accent_color: null,
      contact: null,
      footer: null,
      show_product_name: false,
      resolved: {
        name: 'Acme account',
        logo: dataUri('image/svg+xml', Buffer.from(CLEAN_SVG)),
        accent_color: '#4b5563',
        show_product_name: false,
      },
    });

    await api.delete(BRANDING).expect(204);
    const reset = await api.get(BRANDING).expect(200);
    expect(reset.body.data).toMatchObject({
      name: null,
      logo: null,
      updated_at: null,
      resolved: { name: 'Acme account', logo: null, accent_color: '#4b5563' },
    });
    // Deleting again changes nothing and says so the same way.
    await api.delete(BRANDING).expect(204);
  });

  it('takes a form too', async () => {
    const { key } = await t.newAccount();
    const res = await t
      .as(key)
      .put(BRANDING)
      .type('form')
      .send({
        name: 'Form Agency',
        accent_color: '#112233',
        show_product_name: 'true',
        logo: dataUri('image/png', tinyPng()),
      })
      .expect(200);
    expect(res.body.data).toMatchObject({
      name: 'Form Agency',
      accent_color: '#112233',
      show_product_name: true,
      logo: dataUri('image/png', tinyPng()),
    });
  });

  it('names each bad field in one 422, and stores nothing', async () => {
    const { key } = await t.newAccount();
    const api = t.as(key);
    const res = await api
      .put(BRANDING)
      .send({
        name: 'n'.repeat(101),
        logo: dataUri(
          'image/jpeg',
          Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
        ),
        accent_color: 'red',
        contact: 'c'.repeat(201),
        footer: 'line one\u0000',
        show_product_name: 'maybe',
      })
      .expect(422);
    expect(res.headers['content-type']).toBe(
      'application/problem+json; charset=utf-8',
    );
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Unprocessable Content',
      status: 422,
      detail: 'The request has invalid fields.',
      errors: {
        name: ['name must be at most 100 characters'],
        logo: ['logo must be a PNG or an SVG image'],
        accent_color: [
          'accent_color must be a CSS hex colour: #rgb or #rrggbb',
        ],
        contact: ['contact must be at most 200 characters'],
        footer: ['footer must not contain control characters'],
        show_product_name: ['show_product_name must be true or false'],
      },
    });
    const after = await api.get(BRANDING).expect(200);
    expect(after.body.data.updated_at).toBeNull();
  });

  it.each([
    ['#rgb shorthand missing a digit', '#0a'],
    ['an eight-digit colour', '#00aa7780'],
    ['a colour function', 'rgb(0,0,0)'],
    ['CSS after a colour', '#0a7;background:url(//x)'],
    ['a number', 7],
    ['null', null],
  ])('refuses %s as accent_color (422 naming it)', async (_name, value) => {
    const { key } = await t.newAccount();
    const res = await t
      .as(key)
      .put(BRANDING)
      .send({ accent_color: value })
      .expect(422);
    expect(Object.keys(res.body.errors)).toEqual(['accent_color']);
  });

  it.each([
    ['a GIF', dataUri('image/png', Buffer.from('GIF89a\x01\x00\x01\x00'))],
    ['text', dataUri('image/svg+xml', Buffer.from('just text'))],
    ['a truncated PNG', dataUri('image/png', tinyPng().subarray(0, 40))],
    [
      'an SVG that does not parse',
      dataUri('image/svg+xml', Buffer.from('<svg><g></svg>')),
    ],
    [
      'XML whose root is not <svg>',
      dataUri('image/svg+xml', Buffer.from('<html><svg/></html>')),
    ],
    ['a URL', 'https://example.com/logo.png'],
  ])('refuses %s as logo (422 naming it)', async (_name, logo) => {
    const { key } = await t.newAccount();
    const res = await t.as(key).put(BRANDING).send({ logo }).expect(422);
    expect(Object.keys(res.body.errors)).toEqual(['logo']);
    expect(res.body.errors.logo[0]).toMatch(/^logo /);
  });

  it('accepts a 200 KB logo and refuses a 257 KB one: only this route takes such bodies', async () => {
    const { key } = await t.newAccount();
    const api = t.as(key);
    const fine = pngOfSize(200 * 1024);
    const ok = await api
      .put(BRANDING)
      .send({ logo: dataUri('image/png', fine) })
      .expect(200);
    expect(ok.body.data.logo).toBe(dataUri('image/png', fine));

    const large = await api
      .put(BRANDING)
      .send({ logo: dataUri('image/png', pngOfSize(257 * 1024)) })
      .expect(422);
    expect(large.body.errors).toEqual({
      logo: [
        'logo must be at most 256 KiB once decoded; this one is 263168 bytes',
      ],
    });

    // A body over this route's own limit is a 413 that names it.
    const tooLarge = await api
      .put(BRANDING)
      .send({ logo: 'x'.repeat(400 * 1024) })
      .expect(413);
    expect(tooLarge.body.detail).toBe('The request body is over 384 KiB.');

    // Every other route keeps its 16 KiB.
    const other = await api
      .post('/api/v1/webhooks')
      .send({ url: 'https://hooks.example.com/', events: ['x'.repeat(20_000)] })
      .expect(413);
    expect(other.body.detail).toBe('The request body is over 16 KiB.');
  });

  it("never shows one account's branding to another", async () => {
    const a = await t.newAccount('Account A');
    const b = await t.newAccount('Account B');
    await t
      .as(a.key)
      .put(BRANDING)
      .send({ name: 'Agency A', accent_color: '#abcdef' })
      .expect(200);
    const seenByB = await t.as(b.key).get(BRANDING).expect(200);
    expect(seenByB.body.data).toMatchObject({
      name: null,
      accent_color: null,
      resolved: { name: 'Account B', accent_color: '#4b5563' },
    });
    // B's delete leaves A's branding alone.
    await t.as(b.key).delete(BRANDING).expect(204);
    const seenByA = await t.as(a.key).get(BRANDING).expect(200);
    expect(seenByA.body.data.name).toBe('Agency A');
  });

  it('needs a key', async () => {
    await request(t.http).get(BRANDING).expect(401);
    await request(t.http).put(BRANDING).send({ name: 'x' }).expect(401);
    await request(t.http).delete(BRANDING).expect(401);
  });

  it('gives the printing modules the resolved branding (brandingFor)', async () => {
    const { BrandingService } =
      await import('../src/branding/branding.service.js');
    const branding = t.app.get(BrandingService);
    const { key, accountId } = await t.newAccount('Printer Account');
    expect(await branding.brandingFor(accountId)).toEqual({
      name: 'Printer Account',
      logo: null,
      accentColor: '#4b5563',
      contact: null,
      footer: null,
      showProductName: false,
    });
    const svg = Buffer.from(CLEAN_SVG);
    await t
      .as(key)
      .put(BRANDING)
      .send({
        name: 'Printed',
        logo: dataUri('image/svg+xml', svg),
        footer: 'f',
      })
      .expect(200);
    expect(await branding.brandingFor(accountId)).toEqual({
      name: 'Printed',
      logo: {
        mediaType: 'image/svg+xml',
        dataUri: dataUri('image/svg+xml', svg),
      },
      accentColor: '#4b5563',
      contact: null,
      footer: 'f',
      showProductName: false,
    });
  });
});
