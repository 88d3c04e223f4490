/** A one-table projection for the rebuild tests: a note per stream, inserted (a second insert fails on the key). */
import { sql } from '@labline/db';
import type { Projection } from './projection';

export const notesProjection: Projection = {
  name: 'notes',
  version: 1,
  tables: ['notes'],
  init: 'CREATE TABLE IF NOT EXISTS notes (id text PRIMARY KEY, body text NOT NULL);',
  handles: ['NoteWritten'],
  apply: async (db, event) => {
    const { body } = event.data as { body: string };
    await db.query(sql.unsafe`INSERT INTO notes (id, body) VALUES (${event.stream}, ${body})`);
  },
};
