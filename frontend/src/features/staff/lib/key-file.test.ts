import { formatOf, mergeReports, splitKeyFile } from './key-file';

describe('key files', () => {
  it('reads CSV by its name or type, anything else as one key per line', () => {
    expect(formatOf({ name: 'keys.CSV', type: '' })).toBe('csv');
    expect(formatOf({ name: 'export', type: 'text/csv' })).toBe('csv');
    expect(formatOf({ name: 'keys.txt', type: 'text/plain' })).toBe('txt');
  });

  it('leaves out blank lines and the CSV header, and cuts whole lines into parts', () => {
    const file = '\uFEFFkey,note\r\nAAAA-0001,first\r\n\r\nAAAA-0002\nAAAA-0003\n';
    expect(splitKeyFile(file, 'csv')).toEqual([
      { text: 'AAAA-0001,first\nAAAA-0002\nAAAA-0003', offset: 0 },
    ]);
    // A text file keeps a first line called "key" (it is a key there).
    expect(splitKeyFile('key\nAAAA-0001', 'txt')[0]?.text).toBe('key\nAAAA-0001');
    const parts = splitKeyFile('AAAA-0001\nAAAA-0002\nAAAA-0003\nAAAA-0004\nAAAA-0005', 'txt', 20);
    expect(parts).toEqual([
      { text: 'AAAA-0001\nAAAA-0002', offset: 0 },
      { text: 'AAAA-0003\nAAAA-0004', offset: 2 },
      { text: 'AAAA-0005', offset: 4 },
    ]);
    expect(splitKeyFile(' \n\n', 'txt')).toEqual([]);
  });

  it('adds the parts up, naming invalid keys by their place in the whole file', () => {
    const report = (invalidLines: number[], available: number) => ({
      imported: 2,
      duplicates: 1,
      invalid: invalidLines.length,
      available,
      invalidLines,
    });
    expect(
      mergeReports([
        { report: report([1], 2), offset: 0 },
        { report: report([2], 4), offset: 4 },
      ]),
    ).toEqual({ imported: 4, duplicates: 2, invalid: 2, available: 4, invalidLines: [1, 6] });
  });
});
