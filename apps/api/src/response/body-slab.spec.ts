import { BodySlab, type SlabRegion } from './body-slab';

const tenant = (moveOut: () => boolean = () => false) => ({ moveOut: jest.fn(moveOut) });

function take(slab: BodySlab, length: number, fill: string): SlabRegion {
  const region = slab.allocate(length);
  if (!region) throw new Error(`no room for ${length}`);
  region.bytes.fill(fill);
  region.tenant = tenant();
  return region;
}

describe('BodySlab', () => {
  it('hands out consecutive views of one buffer that never overlap', () => {
    const slab = new BodySlab(100);
    const a = take(slab, 30, 'a');
    const b = take(slab, 50, 'b');
    expect(a.bytes.buffer).toBe(b.bytes.buffer);
    expect(b.bytes.byteOffset).toBe(a.bytes.byteOffset + 30);
    expect(a.bytes.toString()).toBe('a'.repeat(30));
    expect(b.bytes.toString()).toBe('b'.repeat(50));
    expect(slab.heldBytes).toBe(80);
  });

  it('refuses empty bodies and bodies larger than itself (they get a Buffer of their own)', () => {
    const slab = new BodySlab(100);
    expect(slab.allocate(0)).toBeUndefined();
    expect(slab.allocate(101)).toBeUndefined();
    expect(slab.allocate(100)?.bytes.length).toBe(100);
  });

  it('counts the bodies it had no room for, so that a hold never given back shows', () => {
    const slab = new BodySlab(100);
    slab.allocate(0);
    expect(slab.refusedBodies).toBe(0);
    slab.allocate(101);
    expect(slab.refusedBodies).toBe(1);
    // One body held and never freed, unwilling to move: every body after it is refused.
    take(slab, 60, 'a');
    for (let i = 0; i < 3; i++) expect(slab.allocate(50)).toBeUndefined();
    expect(slab.refusedBodies).toBe(4);
  });

  it('gives space back oldest first: a freed body behind a held one is not reused yet', () => {
    const slab = new BodySlab(100);
    const a = take(slab, 40, 'a');
    const b = take(slab, 40, 'b');
    b.free();
    // b is freed, but a (older) is held and refuses to move: the 20 bytes at the end are all there is.
    expect(slab.allocate(30)).toBeUndefined();
    expect(a.bytes.toString()).toBe('a'.repeat(40));
    a.free();
    expect(slab.heldBytes).toBe(0);
    expect(take(slab, 100, 'c').bytes.byteOffset).toBe(a.bytes.byteOffset);
  });

  it('wraps around to the start once the oldest bodies there are freed, and never over a held one', () => {
    const slab = new BodySlab(100);
    const a = take(slab, 40, 'a');
    const b = take(slab, 40, 'b');
    a.free();
    // 20 bytes left at the end, 40 free at the start: a body of 30 goes to the start.
    const c = take(slab, 30, 'c');
    expect(c.bytes.byteOffset).toBe(a.bytes.byteOffset);
    // Between c's end (30) and b's start (40) there are 10 bytes.
    expect(slab.allocate(11)).toBeUndefined();
    const d = take(slab, 10, 'd');
    expect(b.bytes.toString()).toBe('b'.repeat(40));
    expect(c.bytes.toString()).toBe('c'.repeat(30));
    expect(d.bytes.toString()).toBe('d'.repeat(10));
    expect(slab.heldBytes).toBe(100);
    b.free();
    // The oldest is now c, at the start: the room after d runs to the end.
    expect(take(slab, 60, 'e').bytes.byteOffset).toBe(d.bytes.byteOffset + 10);
    expect(c.bytes.toString()).toBe('c'.repeat(30));
  });

  it('asks the oldest held body to move out when it is in the way, and takes no for an answer', () => {
    const slab = new BodySlab(100);
    const a = take(slab, 60, 'a');
    const staying = tenant(() => false);
    a.tenant = staying;
    expect(slab.allocate(50)).toBeUndefined();
    expect(staying.moveOut).toHaveBeenCalledTimes(1);
    expect(a.bytes.toString()).toBe('a'.repeat(60));

    const leaving = tenant(() => {
      a.free();
      return true;
    });
    a.tenant = leaving;
    expect(slab.allocate(50)?.bytes.byteOffset).toBe(a.bytes.byteOffset);
    expect(leaving.moveOut).toHaveBeenCalledTimes(1);
  });

  it('does not loop when a tenant says it moved out but kept its region', () => {
    const slab = new BodySlab(100);
    const a = take(slab, 60, 'a');
    a.tenant = tenant(() => true);
    expect(slab.allocate(50)).toBeUndefined();
  });
});
