import { formatStart, isPdfUrl, machineNoticeKey } from './document-labels';

describe('document labels', () => {
  it("gives a transcript part's start in the video as m:ss, or h:mm:ss past an hour", () => {
    expect(formatStart(0)).toBe('0:00');
    expect(formatStart(4_000)).toBe('0:04');
    expect(formatStart(83_999)).toBe('1:23');
    expect(formatStart(3_725_000)).toBe('1:02:05');
  });

  it("tells the government's PDF from a catalog record or collection page", () => {
    expect(isPdfUrl('https://www.war.gov/medialink/ufo/release_1/dow-uap-d7-mission-report-arabian-gulf-2020.pdf')).toBe(true);
    expect(isPdfUrl('https://www.war.gov/medialink/ufo/release_1/REPORT.PDF?download=1')).toBe(true);
    expect(isPdfUrl('https://catalog.archives.gov/id/28900001')).toBe(false);
    expect(isPdfUrl('https://vault.fbi.gov/UFO')).toBe(false);
    expect(isPdfUrl('not a url.pdf')).toBe(false);
  });

  it('says how the text was made: OCR, the PDF text layer, or speech-to-text', () => {
    expect(machineNoticeKey('ocr')).toBe('noticeOcr');
    expect(machineNoticeKey('embedded-text')).toBe('noticeEmbedded');
    expect(machineNoticeKey('speech-to-text')).toBe('noticeSpeech');
  });
});
