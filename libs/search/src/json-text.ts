declare const holds: unique symbol;

/**
 * The JSON text of one `T`, as the bytes it is sent as: spliced into a response without a parse
 * and a re-serialization, yet typed, so the compiler checks `T` against the response's DTO where
 * the api splices it. Only a reader that vouches for the bytes' shape makes one (see readCaseListPage).
 */
export type JsonText<T> = Buffer & { readonly [holds]: T };
