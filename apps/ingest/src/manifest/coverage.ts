/** The reason manifest-diff --write gives a new file; the dataset checks fail while any row has it. */
export const PENDING_REASON = 'pending';
