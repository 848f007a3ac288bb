import { linesOf, parsePlainText } from './plain-text';

describe('parsePlainText', () => {
  it('splits paragraphs at blank lines and keeps single line breaks inside one', () => {
    expect(parsePlainText('First line\nsecond line\n\n\nNext paragraph\n')).toEqual([
      { kind: 'paragraph', text: 'First line\nsecond line' },
      { kind: 'paragraph', text: 'Next paragraph' },
    ]);
  });

  it('turns `## ` lines into subheadings, even without a blank line around them', () => {
    expect(parsePlainText('Intro\n## Refunds\nWithin 14 days.\r\n\r\n## Contact\nMail us')).toEqual(
      [
        { kind: 'paragraph', text: 'Intro' },
        { kind: 'heading', text: 'Refunds' },
        { kind: 'paragraph', text: 'Within 14 days.' },
        { kind: 'heading', text: 'Contact' },
        { kind: 'paragraph', text: 'Mail us' },
      ],
    );
  });

  it('leaves `## ` alone when headings are off, and markup as text', () => {
    expect(parsePlainText('## not a heading <b>x</b>', { headings: false })).toEqual([
      { kind: 'paragraph', text: '## not a heading <b>x</b>' },
    ]);
    expect(parsePlainText('  \n\n ')).toEqual([]);
  });
});

describe('linesOf', () => {
  it('returns the trimmed non-empty lines', () => {
    expect(linesOf(' Open Steam \n\n2. Redeem\r\nDone')).toEqual([
      'Open Steam',
      '2. Redeem',
      'Done',
    ]);
  });
});
