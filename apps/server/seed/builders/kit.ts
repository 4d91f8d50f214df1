import { randomBytes, randomUUID } from 'node:crypto';
import type { InferInsertModel, Table } from 'drizzle-orm';

/** A short random tag that keeps default names and codes unique between tenants. */
export const uid = () => randomBytes(4).toString('hex');

export const newRowId = () => randomUUID();

/** A table's complete insert row, its id chosen up front so children can point at it. */
export type RowOf<T extends Table> = InferInsertModel<T> & { id: string };

/** A row of a table keyed by its parents (no id column of its own). */
export type LinkOf<T extends Table> = InferInsertModel<T>;

/** What a builder takes: any column of `R`, and the `K` only the caller can know (its parents). */
export type Given<R, K extends keyof R> = Partial<R> & Pick<R, K>;
