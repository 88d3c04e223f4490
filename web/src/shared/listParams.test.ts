/**
 * A list's search, filters and page in the address (issue 22): what a link or reload reads back, and what a
 * change writes, keeping the page's open tab.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { clearedListParams, narrowsList, readListParams, urlFilter, withListParams } from './listParams';

const FILTERS = {
  status: urlFilter.oneOf(['pending', 'completed'] as const),
  institution: urlFilter.id,
  archived: urlFilter.flag,
};

const read = (query: string) => readListParams(new URLSearchParams(query), FILTERS);

describe('readListParams', () => {
  test('a shared link reads back its search, typed filters and page', () => {
    assert.deepEqual(read('search=+Smith+&status=completed&institution=12&archived=true&page=3'), {
      search: 'Smith',
      filters: { status: 'completed', institution: 12, archived: true },
      page: 3,
    });
  });

  test('no parameters: no search, no filter, page 1', () => {
    assert.deepEqual(read(''), {
      search: '',
      filters: { status: undefined, institution: undefined, archived: undefined },
      page: 1,
    });
  });

  test('a value a filter does not know is no filter, and a page that is none is page 1', () => {
    for (const query of ['status=archived', 'institution=0', 'institution=-4', 'institution=2.5', 'institution=x']) {
      const { filters } = read(query);
      assert.deepEqual(filters, { status: undefined, institution: undefined, archived: undefined }, query);
    }
    assert.equal(read('archived=false').filters.archived, undefined);
    for (const page of ['0', '-1', '2.5', 'two', '', '9999999']) assert.equal(read(`page=${page}`).page, 1, page);
  });
});

describe('narrowsList', () => {
  test('a search or any filter narrows; the page alone does not', () => {
    assert.equal(narrowsList(read('page=2')), false);
    assert.equal(narrowsList(read('search=a')), true);
    assert.equal(narrowsList(read('institution=3')), true);
    assert.equal(narrowsList(read('status=unknown')), false);
  });
});

describe('withListParams', () => {
  test('sets values as text and leaves out none, empty, false and page 1, keeping the tab', () => {
    const current = new URLSearchParams('tab=notification_logs&search=old&page=4&status=pending');
    const next = withListParams(current, {
      search: 'new',
      institution: 7,
      archived: true,
      status: undefined,
      page: 1,
    });
    assert.equal(next.toString(), 'tab=notification_logs&search=new&institution=7&archived=true');
    assert.equal(
      withListParams(next, { archived: false, search: '' }).toString(),
      'tab=notification_logs&institution=7',
    );
    assert.equal(withListParams(next, { page: 2 }).get('page'), '2');
    // The address it came from is not changed.
    assert.equal(current.toString(), 'tab=notification_logs&search=old&page=4&status=pending');
  });

  test('clearing leaves only what is not the list’s (the open tab)', () => {
    const current = new URLSearchParams('tab=markers&search=a&page=2&status=pending&institution=1&archived=true');
    assert.equal(withListParams(current, clearedListParams(FILTERS)).toString(), 'tab=markers');
  });
});
