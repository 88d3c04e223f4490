/** The demo accounts signed in, and a caller that sends a request as one of them. */
import type { LightMyRequestResponse } from 'fastify';
import { bearer, signIn, type IdentityTestContext } from './harness';

export const DEMO_ACCOUNTS = {
  super: 'super@labline.test',
  admin: 'admin@northwind.labline.test',
  riversideAdmin: 'admin@riverside.labline.test',
  clinician: 'clinician@northwind.labline.test',
  client: 'client@northwind.labline.test',
  fulfillment: 'fulfillment@labline.test',
  lab: 'lab@northwind.labline.test',
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface SignedInAccounts {
  ids: Record<DemoAccount, number>;
  tokens: Record<DemoAccount, string>;
  northwind: number;
  riverside: number;
  call(who: DemoAccount, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export async function signInDemoAccounts(context: IdentityTestContext): Promise<SignedInAccounts> {
  const ids = {} as Record<DemoAccount, number>;
  const tokens = {} as Record<DemoAccount, string>;
  const institutions: number[] = [];
  for (const [key, email] of Object.entries(DEMO_ACCOUNTS) as [DemoAccount, string][]) {
    const { token, user } = await signIn(context, email);
    tokens[key] = token;
    ids[key] = user.id;
    if (key === 'admin' || key === 'riversideAdmin') institutions.push(user.institution_id!);
  }
  return {
    ids,
    tokens,
    northwind: institutions[0]!,
    riverside: institutions[1]!,
    call: (who, method, url, payload) =>
      context.app.inject({
        method,
        url,
        headers: bearer(tokens[who]),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}
