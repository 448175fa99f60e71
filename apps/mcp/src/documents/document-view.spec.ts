import { documentPageLinks, plainHighlight } from './document-view';

describe('plainHighlight', () => {
  it('turns marks into bold and HTML escapes back into characters', () => {
    expect(plainHighlight('a <mark>white</mark> &quot;sphere&quot; &amp; &lt;b&gt; &#x27;x&#x27; &#x2F; &#39;')).toBe(
      "a **white** \"sphere\" & <b> 'x' / '",
    );
  });

  it('leaves an unknown entity as it is', () => {
    expect(plainHighlight('&nosuch; text')).toBe('&nosuch; text');
  });
});

describe('documentPageLinks', () => {
  it("links the page's JSON and its citation under the public address", () => {
    expect(documentPageLinks('https://archive.test/', 'nara-1', 3)).toEqual({
      url: 'https://archive.test/api/documents/nara-1/pages/3',
      cite: 'https://archive.test/api/documents/nara-1/cite?page=3',
    });
  });
});
