import { incidentDatetime } from './incident-date';

describe('incidentDatetime', () => {
  it.each([
    [{ date: '1952-07-19', datePrecision: 'day' as const }, '1952-07-19'],
    [{ date: '2017-07-01', datePrecision: 'month' as const }, '2017-07'],
    [{ date: '1949-01-01', datePrecision: 'year' as const }, '1949'],
    [{ date: '2026-05-08', datePrecision: 'unknown' as const }, undefined],
    [{ date: '1952-07-19' }, '1952-07-19'],
  ])('%j -> %s', (item, expected) => {
    expect(incidentDatetime(item)).toBe(expected);
  });
});
