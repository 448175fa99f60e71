/** Space for one body in a BodySlab: `bytes` is a view of the slab, valid until `free()`. */
export interface SlabRegion {
  readonly bytes: Buffer;
  /** What the bytes belong to, set once they are written: the slab asks it to move out when its region is in the way. */
  tenant?: SlabTenant;
  /** Gives the space back; the bytes may be overwritten by a later body from then on. */
  free(): void;
}

/** What owns a region: asked to move its bytes out of the slab when its region is the one in the way. */
export interface SlabTenant {
  /** Copies its bytes elsewhere and frees its region, if nothing is reading them now; false if something is. */
  moveOut(): boolean;
}

class Region implements SlabRegion {
  freed = false;
  tenant?: SlabTenant;

  constructor(
    private readonly slab: BodySlab,
    readonly start: number,
    readonly end: number,
    readonly bytes: Buffer,
  ) {}

  free(): void {
    if (this.freed) return;
    this.freed = true;
    this.slab.reclaim();
  }
}

/**
 * One large Buffer that cached response bodies are copied into, used as a ring: each body takes
 * the bytes after the newest one, and space comes back in the order it was taken, once the oldest
 * bodies are freed (dropped by both stores and no longer being sent).
 *
 * Why: every cache miss keeps a new body of tens of kilobytes. As a Buffer of its own, each has
 * its own backing store, which V8 counts as external memory grown since the last mark-compact, and
 * an evicted one is freed only by the next mark-compact: with every miss a new key, that growth
 * sets off a full collection every few hundred misses, most of the api's GC time (the misses on
 * new keys are the rows it moves; docs/benchmarks.md gives the measurement). Bodies in the slab add
 * no backing store and need no collection to be freed. Written here because the lifetime rules
 * (a region is reused only when neither store keeps its body and no reply is sending it) are the
 * response cache's own, and the allocator itself is a FIFO queue of regions.
 *
 * A body that finds no room (the ring is full up to a body still in use, or the body is larger
 * than the slab) gets a Buffer of its own, as every body did before: the slab is only ever a
 * faster place for the same bytes.
 */
export class BodySlab {
  private readonly memory: Buffer;
  /** The regions not yet given back, oldest first; freed ones leave from the front only. */
  private readonly regions: Region[] = [];
  /** Bodies that found no room and got a Buffer of their own (see refusedBodies). */
  private refused = 0;

  constructor(readonly capacity: number) {
    // Not zero-filled: every region is written in full before anyone reads it. Pages are only
    // touched (and count in RSS) as the ring first reaches them.
    this.memory = Buffer.allocUnsafeSlow(capacity);
  }

  /**
   * Room for `length` bytes, held until freed; undefined when there is none. When
   * the oldest body still held is all that is in the way (a hot entry that keeps being asked),
   * it is asked to move out to a Buffer of its own, so one long-lived entry does not stop the ring.
   */
  allocate(length: number): SlabRegion | undefined {
    if (length <= 0) return undefined;
    if (length > this.capacity) return this.refuse();
    for (;;) {
      const start = this.startFor(length);
      if (start !== undefined) {
        const region = new Region(this, start, start + length, this.memory.subarray(start, start + length));
        this.regions.push(region);
        return region;
      }
      const oldest = this.regions[0];
      if (!oldest?.tenant?.moveOut() || this.regions[0] === oldest) return this.refuse();
    }
  }

  /**
   * Bodies refused so far. A few are normal (a body in the way while it is being sent); a count
   * that keeps growing with the misses means a body is held and never given back, and every body
   * is being made the slow way again: the operator's signal (the api exports it as a metric).
   */
  get refusedBodies(): number {
    return this.refused;
  }

  private refuse(): undefined {
    this.refused += 1;
    return undefined;
  }

  /** Bytes of the slab held by regions not yet given back (freed ones behind a held one included). */
  get heldBytes(): number {
    const oldest = this.regions[0];
    const newest = this.regions.at(-1);
    if (!oldest || !newest) return 0;
    return newest.start >= oldest.start ? newest.end - oldest.start : this.capacity - oldest.start + newest.end;
  }

  /** Gives back the oldest regions, as far as they are freed. */
  reclaim(): void {
    while (this.regions.length > 0 && this.regions[0].freed) this.regions.shift();
  }

  /** Where `length` bytes fit after the newest region without reaching the oldest one. */
  private startFor(length: number): number | undefined {
    const oldest = this.regions[0];
    const newest = this.regions.at(-1);
    if (!oldest || !newest) return 0;
    if (newest.start >= oldest.start) {
      // Not wrapped: the held bytes run from the oldest to the newest; room after it, or from the start.
      if (newest.end + length <= this.capacity) return newest.end;
      return length <= oldest.start ? 0 : undefined;
    }
    // Wrapped: the held bytes run from the oldest to the end, then from the start to the newest.
    return newest.end + length <= oldest.start ? newest.end : undefined;
  }
}
