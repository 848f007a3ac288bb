import { EMPTY_REVIEW, REVIEW_LIMITS, reviewErrors, reviewSchema } from './review-schema';

const VALID = {
  fullName: 'Ana Lima',
  email: 'ana@example.com',
  content: 'Activated at once.',
  stars: 5,
};

describe('review form rules (the same keys as the server)', () => {
  it('accepts a complete review and trims it', () => {
    expect(reviewErrors(VALID)).toEqual({});
    expect(
      reviewSchema.parse({ ...VALID, fullName: '  Ana  ', email: ' ana@example.com ' }),
    ).toEqual({ ...VALID, fullName: 'Ana' });
  });

  it('requires the name and the content, and an e-mail address', () => {
    expect(reviewErrors(EMPTY_REVIEW)).toEqual({
      fullName: 'api.field.required',
      email: 'api.field.email',
      content: 'api.field.required',
      stars: 'api.field.stars',
    });
    expect(reviewErrors({ ...VALID, fullName: '   ', content: '\n' })).toEqual({
      fullName: 'api.field.required',
      content: 'api.field.required',
    });
  });

  it('rejects malformed e-mail addresses', () => {
    for (const email of ['ana', 'ana@', '@example.com', 'ana@example', 'a b@example.com']) {
      expect(reviewErrors({ ...VALID, email })).toEqual({ email: 'api.field.email' });
    }
  });

  it('takes 1 to 5 whole stars', () => {
    for (const stars of [0, 6, 2.5, -1]) {
      expect(reviewErrors({ ...VALID, stars })).toEqual({ stars: 'api.field.stars' });
    }
    for (const stars of [1, 2, 3, 4, 5]) expect(reviewErrors({ ...VALID, stars })).toEqual({});
  });

  it('limits the name to 60 and the content to 2000 characters', () => {
    expect(reviewErrors({ ...VALID, fullName: 'x'.repeat(REVIEW_LIMITS.fullName) })).toEqual({});
    expect(reviewErrors({ ...VALID, fullName: 'x'.repeat(61) })).toEqual({
      fullName: 'api.field.tooLong',
    });
    expect(reviewErrors({ ...VALID, content: 'x'.repeat(2001) })).toEqual({
      content: 'api.field.tooLong',
    });
  });
});
