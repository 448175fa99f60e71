import { readRecordCard, recordCardTitle } from './record-card';

describe('readRecordCard', () => {
  it('reads the date and the place of a card', () => {
    const page = ['1. DATE', '(', '26 Aug 52', 'PROJECT 10073 RECORD CARD', '2. LOCATION', 'Schenectody, New York:', '4. TYPE OF OBSERVATION'].join(
      '\n',
    );
    expect(readRecordCard(page)).toEqual({ date: '1952-08-26', place: 'Schenectody, New York' });
    expect(recordCardTitle({ date: '1952-08-26', place: 'Schenectody, New York' })).toBe(
      'Project Blue Book record card: 26 August 1952, Schenectody, New York',
    );
  });

  it("passes over the form's own revision date", () => {
    expect(readRecordCard('ATIC FORM 329 (REV 26 SEP 52)\nPROJECT 10073 RECORD CARD\n1. DATE\n3 March 56\n2. LOCATION\nFrederick, Oklahoma')).toEqual(
      {
        date: '1956-03-03',
        place: 'Frederick, Oklahoma',
      },
    );
  });

  it('takes four-digit years and a place on another line than the label', () => {
    expect(readRecordCard('RECORD CARD\n1. DATE\n5 June 1954\n2. LOCATION\n10. CONCLUSION\nDelano, California')).toEqual({
      date: '1954-06-05',
      place: 'Delano, California',
    });
  });

  it('leaves out what it cannot read, and is null for a page that is no card', () => {
    expect(readRecordCard('PROJECT 10073 RECORD CARD\n2. LOCATION\nDelano, California')).toEqual({ place: 'Delano, California' });
    expect(recordCardTitle({ place: 'Delano, California' })).toBe('Project Blue Book record card: Delano, California');
    expect(readRecordCard('RECORD CARD\nnothing legible')).toBeNull();
    expect(readRecordCard('A letter dated 26 Aug 52 from Lubbock, Texas')).toBeNull();
  });
});
