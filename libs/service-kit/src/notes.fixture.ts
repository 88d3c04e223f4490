/** A one-table projection for the rebuild tests: a note per stream, inserted (a second insert fails on the key). */
import { sql, type Migration } from '@labline/db';
import type { Projection } from './projection';

export const notesMigration: Migration = {
  name: 'test_001_notes',
  sql: 'CREATE TABLE notes (id text PRIMARY KEY, body text NOT NULL);',
};

export const notesProjection: Projection = {
  name: 'notes',
  version: 1,
  tables: ['notes'],
  handles: ['NoteWritten'],
  apply: async (db, event) => {
    const { body } = event.data as { body: string };
    await db.query(sql.unsafe`INSERT INTO notes (id, body) VALUES (${event.stream}, ${body})`);
  },
};
