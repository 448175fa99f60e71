export default async function globalTeardown(): Promise<void> {
  await globalThis.__ES_TEARDOWN__?.();
}
