import { bboxView, viewBbox } from './view-bbox';

describe('viewBbox', () => {
  it('gives minLng,minLat,maxLng,maxLat for a view', () => {
    expect(viewBbox([-130.1234567, 55], [-60, 20])).toBe('-130.123457,20,-60,55');
  });

  it('brings an edge past 180° back, so the box crosses the antimeridian', () => {
    expect(viewBbox([150, 60], [200, -10])).toBe('150,-10,-160,60');
    expect(viewBbox([-200, 60], [-150, -10])).toBe('160,-10,-150,60');
  });

  it('is the whole world, latitudes clamped, when the view is wider than it', () => {
    expect(viewBbox([-250, 120], [190, -100])).toBe('-180,-90,180,90');
  });
});

describe('bboxView', () => {
  it('centres on a box, across the antimeridian too, zoomed to fit it', () => {
    expect(bboxView('-130,20,-60,55')).toEqual({ center: [-95, 37.5], zoom: 360 / 70 });
    expect(bboxView('150,-10,-160,60')).toEqual({ center: [175, 25], zoom: 180 / 70 });
    expect(bboxView('-180,-90,180,90')).toEqual({ center: [0, 0], zoom: 1 });
    expect(bboxView('x')).toBeUndefined();
  });
});
