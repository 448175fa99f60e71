import { highlightParts } from './highlight';

describe('highlightParts', () => {
  it('marks only the matches and decodes the escaped text around them', () => {
    expect(highlightParts('Recovery of &#39;flying disc&#39; debris near <em>Roswell</em>, New Mexico &amp; Texas')).toEqual([
      { text: "Recovery of 'flying disc' debris near ", marked: false },
      { text: 'Roswell', marked: true },
      { text: ', New Mexico & Texas', marked: false },
    ]);
    expect(highlightParts('新墨西哥州<em>罗斯</em><em>威尔</em>附近')).toEqual([
      { text: '新墨西哥州', marked: false },
      { text: '罗斯', marked: true },
      { text: '威尔', marked: true },
      { text: '附近', marked: false },
    ]);
  });

  it('never lets record text become markup', () => {
    expect(highlightParts('&lt;img src=x onerror=alert(1)&gt; <b>bold</b>')).toEqual([{ text: '<img src=x onerror=alert(1)> bold', marked: false }]);
  });

  it("reads the documents' <mark> across lines, and leaves a stray <em> in page text as text", () => {
    expect(
      highlightParts('SIGHTING REP0RT\nA farmer near <mark>Des</mark> Moines, &lt;em&gt;Lowa&lt;/em&gt; &amp; the <mark>disc</mark>', 'mark'),
    ).toEqual([
      { text: 'SIGHTING REP0RT\nA farmer near ', marked: false },
      { text: 'Des', marked: true },
      { text: ' Moines, <em>Lowa</em> & the ', marked: false },
      { text: 'disc', marked: true },
    ]);
    expect(highlightParts('<em>not a document mark</em> <mark>lights</mark>', 'mark')).toEqual([
      { text: 'not a document mark ', marked: false },
      { text: 'lights', marked: true },
    ]);
  });
});
