import { clusterCases } from './clusters';

const at = (id: string, lat: number | null, lng: number | null, precision?: string) => ({ id, location: { lat, lng, precision } });

describe('clusterCases', () => {
  it('groups nearby cases of the same precision at their mean position and keeps lone cases exact', () => {
    const { clusters, unplaced } = clusterCases([at('a', 33.39, -104.52, 'site'), at('b', 33.0, -105.0, 'site'), at('c', 51.5, -0.12, 'locality')]);
    expect(unplaced).toEqual([]);
    expect(clusters).toEqual([
      { precision: 'site', lat: 33.195, lng: -104.76, cases: [at('a', 33.39, -104.52, 'site'), at('b', 33.0, -105.0, 'site')] },
      { precision: 'locality', lat: 51.5, lng: -0.12, cases: [at('c', 51.5, -0.12, 'locality')] },
    ]);
  });

  it('never merges an approximate point into an exact one', () => {
    const { clusters } = clusterCases([at('site', 25.3, 51.5, 'site'), at('area', 25.0, 51.0, 'area'), at('region', 25.1, 51.2, 'region')]);
    expect(clusters.map((cluster) => [cluster.precision, cluster.cases.length])).toEqual([
      ['site', 1],
      ['area', 1],
      ['region', 1],
    ]);
  });

  it('leaves out cases with no coordinates or an unknown place (the nominal 0,0), and reads a missing precision as a site', () => {
    const { clusters, unplaced } = clusterCases([at('space', null, null), at('unreleased', 0, 0, 'unknown'), at('old-api', 10, 10)]);
    expect(unplaced.map((item) => item.id)).toEqual(['space', 'unreleased']);
    expect(clusters).toEqual([{ precision: 'site', lat: 10, lng: 10, cases: [at('old-api', 10, 10)] }]);
  });
});
