import { z } from 'zod';
import { idText, positiveIntegerText, requestObject } from './fields';

export const errorBodySchema = z.object({ error: z.string() });

/**
 * The body a response schema describes. The services check every answer against its schema before sending it
 * (service-kit's serializer), so the web app types what it reads with this instead of parsing it a second time.
 */
export type ResponseOf<S extends z.ZodType> = z.output<S>;

export const paginationSchema = z.object({
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function paginate(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** `/{id}` paths: the id in decimal digits only (`/patients/0x10` is not patient 16). */
export const idParamSchema = requestObject({ id: idText });

/** The page of a list; a list's query schema extends this with its filters. */
export const pageQuerySchema = requestObject({
  page: positiveIntegerText(100_000).default(1),
  limit: positiveIntegerText(100).default(20),
});
