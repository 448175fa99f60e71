import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManifestIndex, readReleaseManifest } from './release-manifest';

const SOURCES = join(__dirname, '../../../data/sources');
const manifest = new ManifestIndex(
  ['pursue-manifest-releases-01-04.csv', 'pursue-manifest-releases-05-06.csv'].flatMap((file) =>
    readReleaseManifest(readFileSync(join(SOURCES, file), 'utf8')),
  ),
);

describe('readReleaseManifest', () => {
  it("reads war.gov's columns", () => {
    const csv =
      'Featured,Redaction,Release Date,Title,Type,Video Pairing,PDF Pairing,Description Blurb,DVIDS Video ID,Video Title,Agency,Incident Date,Incident Location,PDF | Image Link\n' +
      ',,5/8/26,"DOW-UAP-PR050, Middle East, 2020 ",VID,,059UAP00009|X1,Text,1006100,,Department of War,  2020,Iran,https://www.war.gov/a/b.pdf\n';
    expect(readReleaseManifest(csv)).toEqual([
      {
        title: 'DOW-UAP-PR050, Middle East, 2020',
        fileId: 'DOW-UAP-PR050',
        agency: 'Department of War',
        incidentDate: '2020',
        url: 'https://www.war.gov/a/b.pdf',
        dvidsId: '1006100',
        pairings: ['059UAP00009', 'X1'],
      },
    ]);
  });

  it('reads the row-level transcription of releases 05-06', () => {
    const csv =
      'release,release_date,title,file_id,type,agency,incident_date,incident_location,dvids_id,file_url,virin,description\n' +
      '6,2026-09-18,"DOW-UAP-D104, Final Personnel Record",DOW-UAP-D104,PDF,Department of War,1957,Utah,,,,"Text"\n';
    expect(readReleaseManifest(csv)).toEqual([
      { title: 'DOW-UAP-D104, Final Personnel Record', fileId: 'DOW-UAP-D104', agency: 'Department of War', incidentDate: '1957', pairings: [] },
    ]);
  });
});

describe('ManifestIndex on the committed manifests', () => {
  it('finds a file by its link, its record id or a pairing', () => {
    expect(manifest.find('18-100754-general-1946-7-vol-2')?.title).toBe('18_100754_ General 1946-7_Vol_2');
    expect(manifest.find('dow-uap-d7-mission-report-arabian-gulf-2020')?.fileId).toBe('DOW-UAP-D007');
    expect(manifest.find('dow-uap-d104-final-personnel-record-for-newhouse-delbert-c-us-navy-1957')?.fileId).toBe('DOW-UAP-D104');
    expect(manifest.find('059uap00011')?.title).toBe('State Department UAP Cable 003, Tbilisi, Georgia, October 30, 2001');
    expect(manifest.find('no-such-file')).toBeUndefined();
  });
});
