import type { Dashboard } from '@labline/contracts';
import { describe, expect, it } from 'vitest';
import { dashboardQuery, summaryCards, timeframeOf, trendBars } from './dashboardModel';

const dashboard = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  timeframe: 30,
  test_requests: { total: 12 },
  patients: { total: 4 },
  results: null,
  fulfillment: null,
  inventory: null,
  institutions: null,
  clinicians: null,
  test_trends: [],
  recent_activity: [],
  ...overrides,
});

describe('the summary cards (spec 1 §2)', () => {
  it('are Test Requests, New Patients and Results Completed for everyone', () => {
    expect(summaryCards(dashboard()).map((card) => [card.title, card.value])).toEqual([
      ['Test Requests', 12],
      ['New Patients', 4],
      ['Results Completed', 0],
    ]);
  });

  it("add Pending Fulfillment when its data exists, and super_admin's institution and clinician cards", () => {
    const cards = summaryCards(
      dashboard({
        results: { completed: 3 },
        fulfillment: { pending: 2 },
        institutions: { active: 5, by_activity: [] },
        clinicians: { total: 9 },
      }),
    );
    expect(cards.map((card) => [card.title, card.value])).toEqual([
      ['Test Requests', 12],
      ['New Patients', 4],
      ['Results Completed', 3],
      ['Pending Fulfillment', 2],
      ['Active Institutions', 5],
      ['Active Clinicians', 9],
    ]);
  });
});

describe('the trend bars (spec 1 §2)', () => {
  it('are the last 7 entries, scaled to the largest, at least 4 px, labelled by weekday', () => {
    const trends = ['01', '02', '03', '04', '05', '06', '07', '08'].map((day, index) => ({
      date: `2026-11-${day}`,
      count: [9, 1, 0, 50, 100, 25, 2, 100][index] ?? 0,
    }));
    const bars = trendBars(trends, 120);
    expect(bars.map((bar) => bar.date)).toEqual(trends.slice(1).map((entry) => entry.date));
    expect(bars.map((bar) => bar.heightPx)).toEqual([4, 4, 60, 120, 30, 4, 120]);
    // 2 Nov 2026 is a Monday.
    expect(bars.map((bar) => bar.weekday)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('are all at the minimum when every count is 0, and none without entries', () => {
    expect(trendBars([{ date: '2026-11-02', count: 0 }], 120).map((bar) => bar.heightPx)).toEqual([4]);
    expect(trendBars([], 120)).toEqual([]);
  });
});

describe("the dashboard's query", () => {
  const base = { timeframe: 30, activity: 'all', institutionId: undefined, clinicianId: undefined } as const;

  it('asks for the timeframe and everything by default', () => {
    expect(dashboardQuery(base)).toEqual({
      timeframe: 30,
      activity_filter: 'all',
      include_user_activity: true,
      institution_id: undefined,
      clinician_id: undefined,
    });
  });

  it('narrows to the chosen institution or clinician, and only once one is chosen', () => {
    expect(dashboardQuery({ ...base, activity: 'institution', institutionId: 3, clinicianId: 7 })).toMatchObject({
      activity_filter: 'institution',
      institution_id: 3,
      clinician_id: undefined,
    });
    expect(dashboardQuery({ ...base, activity: 'clinician', clinicianId: 7 })).toMatchObject({
      activity_filter: 'clinician',
      clinician_id: 7,
    });
    expect(dashboardQuery({ ...base, activity: 'clinician' })).toMatchObject({ activity_filter: 'all' });
  });

  it('reads the timeframe from the address, falling back to 30', () => {
    expect(timeframeOf('7')).toBe(7);
    expect(timeframeOf('90')).toBe(90);
    expect(timeframeOf('365')).toBe(30);
    expect(timeframeOf(null)).toBe(30);
  });
});
