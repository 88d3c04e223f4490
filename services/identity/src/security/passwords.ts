import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';

export interface PasswordHashingOptions {
  /** KiB; OWASP's argon2id baseline is 19 MiB with 2 passes, the library default (64 MiB, 3) is stronger. */
  memoryCost?: number;
  timeCost?: number;
  parallelism?: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of a real verification and answers false: used for an unknown e-mail, so the response
   * time does not reveal whether an account exists.
   */
  verifyUnknownAccount(password: string): Promise<false>;
}

export function createPasswordHasher(options: PasswordHashingOptions = {}): PasswordHasher {
  const hashOptions: argon2.HashOptions = {
    type: argon2.argon2id,
    memoryCost: options.memoryCost ?? 65_536,
    timeCost: options.timeCost ?? 3,
    parallelism: options.parallelism ?? 4,
  };
  const hash = (password: string) => argon2.hash(password, hashOptions);
  let decoy: Promise<string> | null = null;
  return {
    hash,
    async verify(digest, password) {
      try {
        return await argon2.verify(digest, password);
      } catch {
        // A malformed stored hash is a refusal, not a crash.
        return false;
      }
    },
    async verifyUnknownAccount(password) {
      decoy ??= hash(randomBytes(32).toString('hex'));
      await argon2.verify(await decoy, password);
      return false;
    },
  };
}
