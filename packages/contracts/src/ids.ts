import { z } from 'zod';

/**
 * Every id of the database is a PostgreSQL `integer` (a `serial` key or a reference to one):
 * 1 to 2147483647. An id outside that range is refused by validation (400 `validation_error`)
 * before any query could fail on it (docs/api.md, *Ids*).
 */
export const DB_ID_MAX = 2_147_483_647;

/** A database id in a JSON body. */
export const ZDbId = z.number().int().positive().max(DB_ID_MAX).meta({ description: 'A database id: an integer from 1 to 2147483647' });

/** A database id in a path or query string (text, read as a number). */
export const ZDbIdParam = z.coerce.number().int().positive().max(DB_ID_MAX).meta({ description: 'A database id: an integer from 1 to 2147483647' });

/** Whether a text of digits only is a database id (in range, no leading zero). */
export const isDbIdText = (text: string): boolean => /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= DB_ID_MAX;
