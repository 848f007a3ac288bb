import { noticeFieldOf } from './staff-notices';

describe('notice field errors', () => {
  it('name the language they belong to', () => {
    expect(noticeFieldOf('title')).toBe('en-US.title');
    expect(noticeFieldOf('texts[0].language')).toBe('ar.language');
    expect(noticeFieldOf('texts[7].content')).toBe('ja.content');
  });
});
