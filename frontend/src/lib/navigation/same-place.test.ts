import { isSamePlace, parsePlace } from './same-place';

const here = { pathname: '/games', search: '?page=2', hash: '#top' };

describe('isSamePlace', () => {
  it('is true for the same path, query and hash', () => {
    expect(isSamePlace(here, '/games?page=2#top')).toBe(true);
    expect(isSamePlace(here, { ...here })).toBe(true);
  });

  it('ignores a trailing slash and an empty ? or #', () => {
    expect(isSamePlace({ pathname: '/games/', search: '?', hash: '#' }, '/games')).toBe(true);
    expect(isSamePlace({ pathname: '/', search: '', hash: '' }, '')).toBe(true);
  });

  it('ignores the lang parameter the navigation rules add', () => {
    expect(isSamePlace({ ...here, search: '?page=2&lang=ja' }, '/games?page=2#top')).toBe(true);
    expect(isSamePlace({ ...here, search: '?lang=ja&page=2' }, '/games?page=3#top')).toBe(false);
  });

  it('is false when the path, query or hash differ', () => {
    expect(isSamePlace(here, '/news?page=2#top')).toBe(false);
    expect(isSamePlace(here, '/games?page=3#top')).toBe(false);
    expect(isSamePlace(here, '/games?page=2')).toBe(false);
  });
});

describe('parsePlace', () => {
  it('splits a target into path, query and hash', () => {
    expect(parsePlace('/a?b=1#c')).toEqual({ pathname: '/a', search: '?b=1', hash: '#c' });
    expect(parsePlace('/a#c?d')).toEqual({ pathname: '/a', search: '', hash: '#c?d' });
  });
});
