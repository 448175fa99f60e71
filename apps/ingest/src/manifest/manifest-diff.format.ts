import type { FieldChange, FileEntry, ManifestDiff } from './manifest-diff';

const pad = (n: number) => String(n).padStart(2, '0');

/** The report for a person: per release, then warnings, then what to do. */
export function formatManifestDiff(diff: ManifestDiff): string {
  const out: string[] = [];
  const releases = diff.releases.map((r) => pad(r.release)).join(', ');
  out.push(`Catalogue ${diff.catalogue.name} (${diff.catalogue.format} format, ${diff.catalogue.rows} rows; releases ${releases || 'none'})`);
  if (diff.notInCatalogue.length) out.push(`Not in this catalogue, so not compared: release(s) ${diff.notInCatalogue.map(pad).join(', ')}`);

  for (const release of diff.releases) {
    const counts = [`${release.added.length} new`, `${release.removed.length} removed`, `${release.changed.length} changed`].join(', ');
    const label = release.isNew ? ' NEW RELEASE' : '';
    out.push('', `Release ${pad(release.release)} (${release.date ?? 'date unknown'})${label}: ${release.files} file(s) listed; ${counts}`);
    for (const file of release.added) out.push(`  + ${describe(file)}`);
    for (const file of release.removed) out.push(`  - ${describe(file)}`);
    for (const file of release.changed) {
      out.push(`  ~ ${describe(file)} [compared with ${file.comparedWith}]`);
      for (const change of file.changes) out.push(`      ${change.field}: ${describeChange(change)}`);
    }
  }

  if (diff.pendingInCoverage.length) {
    out.push(
      '',
      `Pending in data/coverage.csv (${diff.pendingInCoverage.length}): ${diff.pendingInCoverage.map((p) => `${p.release}/${p.fileId}`).join(', ')}`,
    );
  }
  if (diff.warnings.length) {
    out.push('', `Warnings (${diff.warnings.length}):`);
    for (const warning of diff.warnings) out.push(`  ${warning.line ? `line ${warning.line}: ` : ''}${warning.message}`);
  }
  out.push('', diff.pending ? 'Work pending (exit status 1).' : 'Nothing to do: the archive matches this catalogue (exit status 0).');
  return out.join('\n');
}

function describe(file: FileEntry): string {
  const parts = [file.fileId];
  if (file.title && file.title !== file.fileId) parts.push(`"${file.title}"`);
  if (file.type) parts.push(file.type);
  if (file.dvidsId) parts.push(`DVIDS ${file.dvidsId}`);
  parts.push(file.cases.length ? `cited by ${file.cases.join(', ')}` : 'cited by no case');
  return parts.join('  ');
}

/** Short values in full; long ones (descriptions) as the stretch around the first difference. */
export function describeChange({ before, after }: Pick<FieldChange, 'before' | 'after'>): string {
  const show = (s: string) => (s === '' ? '(empty)' : JSON.stringify(s));
  if (before.length <= 120 && after.length <= 120) return `${show(before)} -> ${show(after)}`;
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  const from = Math.max(0, start - 30);
  const cut = (s: string) =>
    `${from > 0 ? '…' : ''}${s.slice(from, Math.min(s.length - end + 30, from + 160))}${s.length - end + 30 < s.length ? '…' : ''}`;
  return `${show(cut(before))} -> ${show(cut(after))} (${before.length} -> ${after.length} characters)`;
}
