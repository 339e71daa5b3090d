import {
  isPropertyOf,
  isSchemaOrgProperty,
  isSchemaOrgType,
  selfAndAncestors,
} from './vocabulary.js';

describe('the schema.org vocabulary', () => {
  it('knows types and properties, and what is not one', () => {
    expect(isSchemaOrgType('Product')).toBe(true);
    expect(isSchemaOrgType('DiscussionForumPosting')).toBe(true);
    expect(isSchemaOrgType('Prodct')).toBe(false);
    expect(isSchemaOrgType('toString')).toBe(false);
    expect(isSchemaOrgProperty('aggregateRating')).toBe(true);
    expect(isSchemaOrgProperty('aggregateRatings')).toBe(false);
  });

  it('follows every parent of a type', () => {
    expect([...selfAndAncestors('NewsArticle')]).toEqual(
      expect.arrayContaining([
        'NewsArticle',
        'Article',
        'CreativeWork',
        'Thing',
      ]),
    );
    // Two parents: a LocalBusiness is an Organization and a Place.
    expect([...selfAndAncestors('Restaurant')]).toEqual(
      expect.arrayContaining(['LocalBusiness', 'Organization', 'Place']),
    );
  });

  it('expects a property on the types of its domain and their subtypes', () => {
    expect(isPropertyOf('headline', 'NewsArticle')).toBe(true);
    expect(isPropertyOf('name', 'Product')).toBe(true);
    expect(isPropertyOf('price', 'Offer')).toBe(true);
    expect(isPropertyOf('price', 'Product')).toBe(false);
  });
});
