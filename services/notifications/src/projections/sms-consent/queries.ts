import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** Whether the number (E.164) replied an opt-out keyword and no opt-in one since. */
export async function isSmsOptedOut(db: CommonQueryMethods, phone: string): Promise<boolean> {
  const optedOut = await db.maybeOneFirst(sql.type(z.object({ opted_out: z.boolean() }))`
    SELECT opted_out FROM sms_consents WHERE phone = ${phone}`);
  return optedOut === true;
}
