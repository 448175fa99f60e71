// The release calendar is data (data/releases.json), kept beside the archive and read here once,
// so stats, the manifest diff and the docs all use the same dates.
import calendar from '../../../../data/releases.json';

export interface PursueRelease {
  release: number;
  tranche: string;
  /** `YYYY-MM-DD`, the day war.gov published it. */
  date: string;
}

export const PURSUE_RELEASES: readonly PursueRelease[] = calendar.releases;

/** `{ "PURSUE-1": "2026-05-08", ... }` in release order. */
export function releaseDates(releases: readonly PursueRelease[] = PURSUE_RELEASES): Record<string, string> {
  return Object.fromEntries([...releases].sort((a, b) => a.release - b.release).map((r) => [r.tranche, r.date]));
}
