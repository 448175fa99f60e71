import { DEADLINE_SLOT_MS, ReadDeadlines, readRequestOptions } from './read-options';

describe('ReadDeadlines', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives reads that start within one slot the same signal, and later reads a new one', () => {
    const deadlines = new ReadDeadlines(800);
    const first = deadlines.signal();
    jest.advanceTimersByTime(DEADLINE_SLOT_MS - 1);
    expect(deadlines.signal()).toBe(first);
    jest.advanceTimersByTime(1);
    expect(deadlines.signal()).not.toBe(first);
  });

  it('aborts a signal past its timeout, never before, so every read sharing it has had its full time', () => {
    const deadlines = new ReadDeadlines(800);
    const signal = deadlines.signal();
    jest.advanceTimersByTime(DEADLINE_SLOT_MS - 1);
    expect(deadlines.signal()).toBe(signal); // the slot's last read starts here
    jest.advanceTimersByTime(800);
    expect(signal.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
  });
});

describe('readRequestOptions', () => {
  it('bounds every read by its signal and retries only onto other nodes', () => {
    const signal = new AbortController().signal;
    expect(readRequestOptions(1, signal)).toEqual({ maxRetries: 0, openTelemetry: { enabled: false }, signal });
    expect(readRequestOptions(3, signal)).toEqual({ maxRetries: 2, openTelemetry: { enabled: false }, signal });
  });
});
