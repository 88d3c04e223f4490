import { CONTACT_PREFERENCES } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const recipientSchema = z.object({
  test_request_id: z.number().int(),
  test_name: z.string(),
  institution_id: z.number().int(),
  institution_name: z.string().nullable(),
  patient_id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Null when the patient is unknown to the directory (as its other fields). */
  contact_preference: z.enum(CONTACT_PREFERENCES).nullable(),
  patient_deleted: z.boolean().nullable(),
});
export type TestRequestRecipient = z.infer<typeof recipientSchema>;

/** A test request with its patient's name and contact details and its institution's name, as projected. */
export async function testRequestRecipient(
  db: CommonQueryMethods,
  testRequestId: number,
): Promise<TestRequestRecipient | null> {
  return db.maybeOne(sql.type(recipientSchema)`
    SELECT t.id AS test_request_id, t.test_name, t.institution_id, i.name AS institution_name,
           t.patient_id, p.first_name, p.last_name, p.email, p.phone, p.contact_preference,
           p.deleted AS patient_deleted
    FROM test_request_summaries t
    LEFT JOIN patients p ON p.id = t.patient_id
    LEFT JOIN institutions i ON i.id = t.institution_id
    WHERE t.id = ${testRequestId}`);
}
