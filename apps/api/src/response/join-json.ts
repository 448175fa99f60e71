/**
 * Concatenates JSON texts with a separator between them, as one buffer: from `allocate` when given
 * (the api's response cache hands out room in its slab), written in place rather than through
 * Buffer.concat's list of pieces.
 */
export function joinJson(
  parts: Buffer[],
  separator: string,
  prefix = '',
  suffix = '',
  allocate: (length: number) => Buffer = Buffer.allocUnsafe,
): Buffer {
  const glue = Buffer.from(separator);
  let length = Buffer.byteLength(prefix) + Buffer.byteLength(suffix) + glue.length * Math.max(0, parts.length - 1);
  for (const part of parts) length += part.length;
  const out = allocate(length);
  let at = out.write(prefix);
  parts.forEach((part, i) => {
    if (i > 0) at += glue.copy(out, at);
    at += part.copy(out, at);
  });
  out.write(suffix, at);
  return out;
}
