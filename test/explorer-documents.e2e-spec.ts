// The explorer's Documents view and page reader, used as a person would, in English and Chinese:
// Debian's Chromium against the real api serving a fresh build of apps/web, the real case archive
// (data/cases) and a documents index built by the real ingest from the hand-written fixture corpus
// (test/fixtures/documents), plus pages this test writes for paging and for markup in page text.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ingest, request, RunningApi, startApi } from './support/archive-harness';
import { DOCUMENT_FIXTURES, ingestDocuments } from './support/documents-harness';
import { buildExplorer, describeInBrowser, launchExplorerBrowser, watchProblems, type ExplorerBrowser } from './support/explorer-harness';

const ROOT = join(__dirname, '..');
const ARCHIVE = join(ROOT, 'data', 'cases');
const ARTIFACTS = join(__dirname, 'artifacts');
const CASES_ALIAS = 'e2e-explorer-documents-cases';
const DOCUMENTS_ALIAS = 'e2e-explorer-documents';
/** The fixture cases' page citations: 2020-centcom-uap-august-8 cites page 2 of the Arabian Gulf mission report. */
const PAGE_CITATIONS = join(__dirname, 'fixtures', 'page-citations', 'document-pages.csv');
const CENTCOM = '2020-centcom-uap-august-8';
const MISSION_REPORT = 'dow-uap-d7-mission-report-arabian-gulf-2020';
const RECORD_CARD = 'nara-28900001';
/** More documents holding one word than a page of results shows (20), so the list pages. */
const PAGING_DOCUMENTS = 23;
const HEADER = (path: string, pages: number) =>
  JSON.stringify({ schema: 'ufo-files-archive-ocr/v1', engine: 'fixture-ocr', source_file: path.replace(/\.txt$/, '.pdf'), pages });

let api: RunningApi;
let webRoot: string;
let corpus: string;
const get = (path: string) => request(api.baseUrl, path);

beforeAll(async () => {
  webRoot = buildExplorer();
  // The fixture corpus, plus test pages: enough holding "teletype" to page through, and one whose
  // text holds markup, which the explorer must show as text.
  corpus = mkdtempSync(join(tmpdir(), 'explorer-documents-'));
  cpSync(DOCUMENT_FIXTURES, corpus, { recursive: true });
  mkdirSync(join(corpus, 'NSA-UFO-FOIA', 'pdfs'), { recursive: true });
  for (let n = 1; n <= PAGING_DOCUMENTS; n++) {
    const path = `NSA-UFO-FOIA/pdfs/explorer-paging-${String(n).padStart(2, '0')}.txt`;
    writeFileSync(
      join(corpus, path),
      `${HEADER(path, 1)}\n===== PAGE 1 =====\n{"page": 1, "method": "ocr"}\nTest page ${n} for paging: a teletype message.\n`,
    );
  }
  const markup = 'NSA-UFO-FOIA/pdfs/explorer-markup.txt';
  writeFileSync(
    join(corpus, markup),
    `${HEADER(markup, 1)}\n===== PAGE 1 =====\n{"page": 1, "method": "ocr"}\n` +
      'Test page: a saucer <img src=x onerror="document.body.dataset.injected=1"> & <b>bold</b> <script>document.body.dataset.injected=2</script>\n',
  );
  expect((await ingest(CASES_ALIAS, ARCHIVE)).status).toBe('indexed');
  expect((await ingestDocuments(DOCUMENTS_ALIAS, corpus, { casesPath: ARCHIVE, pageCitationsPath: PAGE_CITATIONS })).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS, DOCUMENTS_ALIAS, WEB_ROOT: webRoot });
  mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  await api?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  if (corpus) rmSync(corpus, { recursive: true, force: true });
});

/** A highlighted fragment as a reader sees it: the text without tags, entities decoded, and the marked words. */
function asShown(fragment: string): { text: string; marked: string[] } {
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
  return {
    text: decode(fragment.replace(/<\/?mark>/g, '')),
    marked: [...fragment.matchAll(/<mark>(.*?)<\/mark>/g)].map((match) => decode(match[1])),
  };
}

describeInBrowser('the Documents view and the page reader in Chromium', () => {
  let browser: ExplorerBrowser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    browser = await launchExplorerBrowser(api.baseUrl);
    context = browser.context;
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    page = await context.newPage();
    problems = watchProblems(page);
  });

  afterEach(async () => {
    await page.close();
    // No console errors (a Content-Security-Policy violation is one) on any view.
    expect(problems).toEqual([]);
  });

  const open = (query: string) => page.goto(`${api.baseUrl}/${query}`);
  const shoot = (name: string, fullPage = true) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
  const hitIds = () => page.locator('.document-hit').evaluateAll((hits) => hits.map((hit) => hit.getAttribute('data-document-id')));
  const hrefs = (selector: string) => page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute('href')));

  it('searches the documents from the Documents tab, showing totals and the highlighted snippets the api sends', async () => {
    const { body: expected } = await get('/api/documents?q=lights%20formation');
    expect(expected.documents.map((hit: { id: string }) => hit.id)).toEqual([RECORD_CARD]);
    await open('?lang=en');
    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    await page.waitForURL(/view=documents/);
    await page.getByLabel('Search the documents').fill('lights formation');
    await page.getByLabel('Search the documents').press('Enter');
    await page.waitForURL(/q=lights\+formation/);
    await page.locator('.document-hit').first().waitFor();

    expect(Number(await page.locator('.total').getAttribute('data-total'))).toBe(expected.total);
    expect(Number(await page.locator('.total-pages').getAttribute('data-total-pages'))).toBe(expected.totalPages);
    await expect(page.locator('.result-status').innerText()).resolves.toContain(
      `${expected.total} documents · ${expected.totalPages} matching pages`,
    );
    expect(await hitIds()).toEqual([RECORD_CARD]);
    const hit = page.locator(`.document-hit[data-document-id="${RECORD_CARD}"]`);
    await expect(hit.locator('h3').innerText()).resolves.toBe(expected.documents[0].title);
    // Each matching page: its number linking into the reader, and its snippet with the matched words marked.
    const snippets = expected.documents[0].pages as { page: number; snippet: string }[];
    await expect(hit.locator('.snippets li').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-page'))))).resolves.toEqual(
      snippets.map((snippet) => snippet.page),
    );
    for (const [index, snippet] of snippets.entries()) {
      const shown = hit.locator('.snippet').nth(index);
      await expect(shown.textContent()).resolves.toBe(asShown(snippet.snippet).text);
      await expect(shown.locator('mark').allInnerTexts()).resolves.toEqual(asShown(snippet.snippet).marked);
    }
    await expect(page.locator('.machine-notice').innerText()).resolves.toContain('made by machine');
    const jsonHref = (await page.locator('.json-link').getAttribute('href')) as string;
    expect((await get(jsonHref)).body.documents.map((document: { id: string }) => document.id)).toEqual([RECORD_CARD]);
    await shoot('documents-en', false);

    // A snippet's page opens the reader at that page, the query's words marked.
    await hit.locator(`.snippets li[data-page="2"] a`).click();
    await page.waitForURL(new RegExp(`doc=${RECORD_CARD}&page=2`));
    await page.locator('article.reader').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('lights formation');
    const { body: expectedPage } = await get(`/api/documents/${RECORD_CARD}/pages/2?q=lights%20formation`);
    await expect(page.locator('.page-text').textContent()).resolves.toBe(expectedPage.text);
    await expect(page.locator('.page-text mark').allInnerTexts()).resolves.toEqual(asShown(expectedPage.highlighted).marked);
    expect(asShown(expectedPage.highlighted).marked).toEqual(expect.arrayContaining(['lights', 'formation']));
  });

  it('reads a document page by page, with the government original, the machine-text notice and Cite links', async () => {
    const { body: detail } = await get(`/api/documents/${MISSION_REPORT}`);
    await open(`?lang=en&view=documents&q=spherical&doc=${MISSION_REPORT}&page=1`);
    await page.locator('article.reader').waitFor();
    await expect(page.locator('#reader-title').innerText()).resolves.toBe(detail.document.title);
    await expect(page.locator('.reader-position').innerText()).resolves.toBe('Page 1 of 2');
    await expect(page.locator('.page-text mark').allInnerTexts()).resolves.toEqual(['spherical']);
    // How the text was made, and the government's own file, which is the record.
    const notice = page.locator('.reader .machine-notice');
    await expect(notice.innerText()).resolves.toBe(
      "This text was read from scanned pages by machine (OCR) and may contain errors; no person corrected it. The government's original is the record: the government's PDF.",
    );
    await expect(notice.locator('a.government-link').getAttribute('href')).resolves.toBe(detail.document.governmentUrl);
    expect(detail.document.governmentUrl).toMatch(/\.pdf$/);
    await expect(page.locator('.facts').innerText()).resolves.toContain(detail.document.agency);
    // Cite: one link per format to the citation endpoint, each saved rather than opened.
    await expect(hrefs('.cite a')).resolves.toEqual([
      `/api/documents/${MISSION_REPORT}/cite?page=1&format=bibtex`,
      `/api/documents/${MISSION_REPORT}/cite?page=1&format=csl-json`,
      `/api/documents/${MISSION_REPORT}/cite?page=1&format=ris`,
    ]);
    await expect(page.locator('.cite a').evaluateAll((links) => links.map((link) => link.getAttribute('download')))).resolves.toEqual([
      `${MISSION_REPORT}-p1.bib`,
      `${MISSION_REPORT}-p1.json`,
      `${MISSION_REPORT}-p1.ris`,
    ]);
    // Each link answers with its format, naming the page.
    for (const [format, type] of [
      ['bibtex', 'application/x-bibtex'],
      ['csl-json', 'application/vnd.citationstyles.csl+json'],
      ['ris', 'application/x-research-info-systems'],
    ]) {
      const cited = await fetch(`${api.baseUrl}/api/documents/${MISSION_REPORT}/cite?page=1&format=${format}`);
      expect(cited.status).toBe(200);
      expect(cited.headers.get('content-type')).toContain(type);
    }
    // The cases citing it link to their pages.
    await expect(page.locator('.cited-by li').evaluateAll((items) => items.map((item) => item.getAttribute('data-case-id')))).resolves.toEqual(
      detail.document.caseIds,
    );
    await expect(page.locator('a[rel="prev"]').count()).resolves.toBe(0);
    await shoot('reader-en');

    // Next page, then back by the previous link and by the browser.
    await page.locator('.page-nav a[rel="next"]').first().click();
    await page.waitForURL(/page=2/);
    await page.locator('article.reader[data-page="2"]').waitFor();
    await expect(page.locator('.reader-position').innerText()).resolves.toBe('Page 2 of 2');
    await expect(page.locator('.page-text').textContent()).resolves.toBe((await get(`/api/documents/${MISSION_REPORT}/pages/2`)).body.text);
    await expect(page.locator('a[rel="next"]').count()).resolves.toBe(0);
    await expect(hrefs('.cite a')).resolves.toContain(`/api/documents/${MISSION_REPORT}/cite?page=2&format=bibtex`);
    await page.locator('.page-nav a[rel="prev"]').first().click();
    await page.locator('article.reader[data-page="1"]').waitFor();
    await page.goBack();
    await page.locator('article.reader[data-page="2"]').waitFor();
    // The reader's URL is the page: a reload shows the same.
    await page.reload();
    await page.locator('article.reader[data-page="2"]').waitFor();

    // Back to the documents keeps the search.
    await page.getByRole('link', { name: 'Back to the documents' }).click();
    await page.locator('.document-hit').first().waitFor();
    expect(await hitIds()).toEqual((await get('/api/documents?q=spherical')).body.documents.map((document: { id: string }) => document.id));
    await expect(page.locator('#documents-q').inputValue()).resolves.toBe('spherical');
  });

  it('shows the note of a page the machine struggled with, and a transcript by its parts and the time in the video', async () => {
    await open(`?lang=en&view=documents&doc=${RECORD_CARD}&page=2`);
    await expect(page.locator('.corpus-note').innerText()).resolves.toBe('Note from the text file: page OCR timed out');

    await open('?lang=en&view=documents&kind=transcript');
    await page.locator('.document-hit').first().waitFor();
    await expect(page.locator('#documents-kind').inputValue()).resolves.toBe('transcript');
    expect(await hitIds()).toEqual(['dod-100000001']);
    await open('?lang=en&view=documents&q=contact%20wind&kind=transcript');
    await expect(page.locator('.snippets .page-link').first().innerText()).resolves.toBe('Part 1, from 0:00');
    await page.locator('.snippets .page-link').first().click();
    await page.locator('article.reader').waitFor();
    await expect(page.locator('.reader-position').innerText()).resolves.toBe('Part 1 of 1, from 0:00 in the video');
    await expect(page.locator('.reader .machine-notice').innerText()).resolves.toContain('speech-to-text');
  });

  it('filters by collection, release and kind, each value counted as the api counts it', async () => {
    const { body: all } = await get('/api/documents?facets=collection,release,kind&limit=1');
    await open('?lang=en&view=documents');
    await page.locator('.document-hit').first().waitFor();
    expect(Number(await page.locator('.total').getAttribute('data-total'))).toBe(all.total);
    const option = (menu: string, value: string) => page.locator(`#documents-${menu} option[value="${value}"]`).innerText();
    await expect(option('collection', 'national-archives-uap-bulk')).resolves.toBe(
      `National Archives (${all.facets.collection['national-archives-uap-bulk']})`,
    );
    await expect(option('release', '6')).resolves.toBe(`PURSUE Release 6 (${all.facets.release['6']})`);
    await expect(option('kind', 'transcript')).resolves.toBe(`Video transcript (${all.facets.kind.transcript})`);

    await page.getByLabel('Collection').focus();
    await page.getByLabel('Collection').selectOption('national-archives-uap-bulk');
    await page.waitForURL(/collection=national-archives-uap-bulk/);
    const { body: archives } = await get('/api/documents?collection=national-archives-uap-bulk&facets=kind');
    await page.locator('.total').waitFor();
    expect(Number(await page.locator('.total').getAttribute('data-total'))).toBe(archives.total);
    expect(await hitIds()).toEqual(archives.documents.map((document: { id: string }) => document.id));
    // The focus stays on the menu just used; its own values are still counted as choosing them would give.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('documents-collection');
    await expect(option('collection', 'fbi-vault-ufo')).resolves.toBe(`FBI Vault (UFO file) (${all.facets.collection['fbi-vault-ufo']})`);
    await expect(option('kind', 'document')).resolves.toBe(`Document (${archives.facets.kind.document})`);

    await open('?lang=en&view=documents&release=6');
    await page.locator('.document-hit').first().waitFor();
    expect(await hitIds()).toEqual((await get('/api/documents?release=6')).body.documents.map((document: { id: string }) => document.id));
  });

  it('pages through the results, each page matching the api', async () => {
    const { body: first } = await get('/api/documents?q=teletype&limit=20');
    const { body: second } = await get('/api/documents?q=teletype&limit=20&offset=20');
    expect(first.total).toBe(PAGING_DOCUMENTS);
    await open('?lang=en&view=documents&q=teletype');
    await page.locator('.document-hit').first().waitFor();
    await expect(page.locator('.range').innerText()).resolves.toContain(`Showing 1–20 of ${PAGING_DOCUMENTS}`);
    expect(await hitIds()).toEqual(first.documents.map((document: { id: string }) => document.id));
    await page.getByRole('link', { name: /Next/ }).click();
    await page.waitForURL(/offset=20/);
    await page.locator('.range').filter({ hasText: '21–' }).waitFor();
    expect(await hitIds()).toEqual(second.documents.map((document: { id: string }) => document.id));
    // A document opened from the second page goes back to the second page.
    await page.locator('.document-hit h3 a').first().click();
    await page.locator('article.reader').waitFor();
    await page.getByRole('link', { name: 'Back to the documents' }).click();
    await page.locator('.range').filter({ hasText: '21–' }).waitFor();
    await page.getByRole('link', { name: /Previous/ }).click();
    await page.locator('.range').filter({ hasText: '1–20' }).waitFor();
  });

  it('shows markup in a page as text, never as HTML', async () => {
    await open('?lang=en&view=documents&q=saucer');
    await page.locator('.document-hit').first().waitFor();
    const snippet = page.locator('.snippet').first();
    await expect(snippet.innerText()).resolves.toContain('<img src=x onerror=');
    await expect(snippet.locator('mark').allInnerTexts()).resolves.toEqual(['saucer']);
    await page.locator('.snippets .page-link').first().click();
    await page.locator('.page-text').waitFor();
    await expect(page.locator('.page-text').innerText()).resolves.toContain('& <b>bold</b> <script>');
    await expect(page.locator('.page-text img, .page-text b, .page-text script, .snippet img').count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.body.dataset.injected)).resolves.toBeUndefined();
  });

  it('says so for an unknown document or a page past the end', async () => {
    await open('?lang=en&view=documents&doc=nara-1&page=1');
    await expect(page.locator('.not-found').innerText()).resolves.toBe('There is no document with the id “nara-1”.');
    await open(`?lang=zh&view=documents&doc=${MISSION_REPORT}&page=9`);
    await expect(page.locator('.not-found').innerText()).resolves.toBe('这份文件没有第 9 页，共 2 页。');
    await page.getByRole('link', { name: '打开第 1 页' }).click();
    await page.locator('article.reader[data-page="1"]').waitFor();
    // The network's 404s are the api's answers, not the page's errors.
    problems.splice(0, problems.length, ...problems.filter((problem) => !problem.includes('404')));
  });

  it('searches in Chinese: says what was searched in English, and reads the page in Chinese', async () => {
    const query = '蓝皮书计划 卢伯克 灯光';
    const { body: expected } = await get(`/api/documents?q=${encodeURIComponent(query)}`);
    expect(expected.searchedFor).toBe('blue book project lubbock lights');
    await open('?lang=zh');
    await page.getByRole('link', { name: '政府文件', exact: true }).click();
    await page.getByLabel('搜索文件').fill(query);
    await page.getByRole('button', { name: '搜索' }).click();
    await page.locator('.document-hit').first().waitFor();
    await expect(page.locator('.searched-for').innerText()).resolves.toBe(`已译成英文检索：${expected.searchedFor}`);
    await expect(page.locator('.total').innerText()).resolves.toBe(`共 ${expected.total} 份文件`);
    expect(await hitIds()).toEqual(expected.documents.map((document: { id: string }) => document.id));
    await expect(page.locator('.machine-notice').innerText()).resolves.toContain('未经人工校对');
    await expect(page.locator('.snippets .page-link').first().innerText()).resolves.toBe(`第 ${expected.documents[0].pages[0].page} 页`);
    await shoot('documents-zh', false);

    await page.locator('.snippets .page-link').first().click();
    await page.locator('article.reader').waitFor();
    await expect(page.locator('.reader-position').innerText()).resolves.toBe(`第 ${expected.documents[0].pages[0].page} 页，共 2 页`);
    await expect(page.locator('.page-text mark').allInnerTexts()).resolves.toContain('lights');
    await expect(page.locator('.reader .machine-notice').innerText()).resolves.toBe(
      '本页文字由机器从扫描件中识别（光学字符识别），未经人工校对，可能有错误。一切以政府原件为准：政府原件。',
    );
    await expect(page.locator('.cite').innerText()).resolves.toBe('引用本页：BibTeX · CSL-JSON · RIS');
    await shoot('reader-zh');
  });

  it("lists a case's documents on its page, opening the reader at the cited pages, with the case's Cite links", async () => {
    const { body: record } = await get(`/api/cases/${CENTCOM}`);
    expect(record.documents).toContainEqual({ id: MISSION_REPORT, title: 'DOW-UAP-D007, Mission Report, Arabian Gulf, 2020', pages: [2] });
    for (const lang of ['en', 'zh']) {
      await open(`?lang=${lang}&case=${CENTCOM}`);
      await page.locator('article.case h2').waitFor();
      const listed = page.locator('.case-caseDocuments li');
      await expect(listed.evaluateAll((items) => items.map((item) => item.getAttribute('data-document-id')))).resolves.toEqual(
        record.documents.map((document: { id: string }) => document.id),
      );
      await expect(page.locator('.case-caseDocuments h3').innerText()).resolves.toBe(lang === 'en' ? 'Government documents' : '政府文件');
      await expect(hrefs('.case .cite a')).resolves.toEqual([
        `/api/cases/${CENTCOM}/cite?format=bibtex`,
        `/api/cases/${CENTCOM}/cite?format=csl-json`,
        `/api/cases/${CENTCOM}/cite?format=ris`,
      ]);
      await expect(page.locator('.case .cite').innerText()).resolves.toBe(
        lang === 'en' ? 'Cite this case: BibTeX · CSL-JSON · RIS' : '引用本案例：BibTeX · CSL-JSON · RIS',
      );
    }
    await page.locator(`.case-caseDocuments li[data-document-id="${MISSION_REPORT}"] .cited-page[data-page="2"]`).click();
    await page.waitForURL(new RegExp(`doc=${MISSION_REPORT}&page=2`));
    await page.locator('article.reader[data-page="2"]').waitFor();
    await expect(page.locator('.reader-position').innerText()).resolves.toBe('第 2 页，共 2 页');
    // The reader lists the case back; it opens the case, and the browser's back returns to the page.
    // Named by its title in the reader's language.
    await page.locator(`.cited-by li[data-case-id="${CENTCOM}"] a`).filter({ hasText: record.case.title.zh }).waitFor();
    await page.locator(`.cited-by li[data-case-id="${CENTCOM}"] a`).click();
    await page.locator('article.case h2').waitFor();
    await page.goBack();
    await page.locator('article.reader[data-page="2"]').waitFor();
  });

  it('switches every visible label of the Documents view and the reader to Chinese', async () => {
    // Interface text only: titles and page text are the government's English.
    const chrome =
      'h2:not(#reader-title), h3:not(.document-hit h3), label, button, nav a, dt, .machine-notice, .result-status .total, .reader-position, .cite';
    const texts = () =>
      page
        .locator(chrome)
        .evaluateAll((elements) =>
          elements.filter((element) => element.checkVisibility()).map((element) => (element as HTMLElement).innerText.trim()),
        );
    for (const view of ['?lang=en&view=documents&q=lights', `?lang=en&view=documents&q=spherical&doc=${MISSION_REPORT}&page=1`]) {
      await open(view);
      await page.locator('.document-hit, article.reader').first().waitFor();
      const english = await texts();
      expect(english.length).toBeGreaterThan(6);
      await page.locator('.lang-switch').click();
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
      await page.locator('.document-hit, article.reader').first().waitFor();
      await page
        .waitForFunction(
          ({ selector, count }) => [...document.querySelectorAll(selector)].filter((element) => element.checkVisibility()).length === count,
          { selector: chrome, count: english.length },
          { timeout: 10_000 },
        )
        .catch(() => undefined);
      const chinese = await texts();
      expect(chinese).toHaveLength(english.length);
      chinese.forEach((text, index) => expect({ view, text }).not.toEqual({ view, text: english[index] }));
      // No English left, but for names: formats, product names and the agency as the documents name it.
      const agency = (await get(`/api/documents/${MISSION_REPORT}`)).body.document.agency as string;
      for (const text of chinese)
        expect({
          view,
          text,
          english: /[A-Za-z]{3,}/.test(text.replace(agency, '').replace(/BibTeX|CSL-JSON|RIS|JSON|PURSUE|PDF|English/g, '')),
        }).toEqual({ view, text, english: false });
      expect(new URL(page.url()).search.replace('lang=zh', 'lang=en')).toBe(new URL(`${api.baseUrl}/${view}`).search);
    }
  });
});
