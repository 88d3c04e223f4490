import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMigrations, type Migration } from '@labline/db';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** clinical's own migrations, prefixed so they sort after and never collide with the libraries' ones. */
export async function clinicalMigrations(): Promise<Migration[]> {
  const migrations = await loadMigrations(MIGRATIONS_DIR);
  return migrations.map((migration) => ({ ...migration, name: `clinical_${migration.name}` }));
}
