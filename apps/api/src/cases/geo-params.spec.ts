import { parseBbox, parsePoint } from './geo-params';

describe('parseBbox', () => {
  it('reads minLng,minLat,maxLng,maxLat, spaces allowed', () => {
    expect(parseBbox('-125,24,-66,50')).toEqual({ minLng: -125, minLat: 24, maxLng: -66, maxLat: 50 });
    expect(parseBbox(' -125.5 , 24 ,-66,50.25')).toEqual({ minLng: -125.5, minLat: 24, maxLng: -66, maxLat: 50.25 });
  });

  it('keeps a west edge east of the east edge: a box across the antimeridian', () => {
    expect(parseBbox('170,-20,-170,20')).toEqual({ minLng: 170, minLat: -20, maxLng: -170, maxLat: 20 });
  });

  it.each(['', '1,2,3', '1,2,3,4,5', 'a,b,c,d', '-181,0,0,10', '0,0,181,10', '0,-91,10,10', '0,10,10,5', '1e2,0,0,1', '0,,0,1'])(
    'refuses %j',
    (text) => {
      expect(parseBbox(text)).toBeUndefined();
    },
  );
});

describe('parsePoint', () => {
  it('reads lat,lng', () => {
    expect(parsePoint('38.9,-77.04')).toEqual({ lat: 38.9, lng: -77.04 });
  });

  it.each(['38.9', '91,0', '0,181', 'x,y', '1,2,3'])('refuses %j', (text) => {
    expect(parsePoint(text)).toBeUndefined();
  });
});
