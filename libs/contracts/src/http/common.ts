import { z } from 'zod';

export const errorBodySchema = z.object({ error: z.string() });

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

/** Query-string integers arrive as text. */
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().positive().max(100_000).default(1),
  limit: z.coerce.number().int().positive().max(100).default(20),
});
