import { ROLES, type Role } from '@labline/contracts';
import { describe, expect, it } from 'vitest';
import {
  activityScore,
  analyticsTimeframeOf,
  analyticsView,
  auditCountsByAction,
  durationText,
  overallTabs,
  percentText,
  stageFigureText,
  statusLabel,
  topBy,
  type AnalyticsAddress,
} from './analyticsModel';

const address = (overrides: Partial<AnalyticsAddress> = {}): AnalyticsAddress => ({
  timeframe: 30,
  patientId: undefined,
  institutionId: undefined,
  institutionFilter: undefined,
  ...overrides,
});
const as = (role: Role) => ({ role });

describe('the view the address asks for (spec 3 §2)', () => {
  it('is the patient view for patient_id, also beside an institution_id', () => {
    expect(analyticsView(address({ patientId: 7 }), as('institution_admin'))).toEqual({
      kind: 'patient',
      patientId: 7,
    });
    expect(analyticsView(address({ patientId: 7, institutionId: 2 }), as('super_admin'))).toEqual({
      kind: 'patient',
      patientId: 7,
    });
  });

  it('is the institution view for institution_id', () => {
    expect(analyticsView(address({ institutionId: 2 }), as('client_admin'))).toEqual({
      kind: 'institution',
      institutionId: 2,
    });
  });

  it("is the overall view otherwise, with the institution filter only for super_admin's", () => {
    expect(analyticsView(address({ institutionFilter: 3 }), as('super_admin'))).toEqual({
      kind: 'overall',
      institutionFilter: 3,
    });
    expect(analyticsView(address({ institutionFilter: 3 }), as('institution_admin'))).toEqual({
      kind: 'overall',
      institutionFilter: undefined,
    });
  });
});

describe('the overall tabs (spec 3 §2)', () => {
  it('put Turnaround after Test Types, then Institutions for super_admin without an institution filter', () => {
    expect(overallTabs(as('super_admin'), undefined)).toEqual([
      'overview',
      'test-types',
      'turnaround',
      'institutions',
      'user-activity',
      'audit-logs',
    ]);
  });

  it('leave Institutions out for super_admin with a filter and for every other role', () => {
    const without = ['overview', 'test-types', 'turnaround', 'user-activity', 'audit-logs'];
    expect(overallTabs(as('super_admin'), 4)).toEqual(without);
    for (const role of ROLES.filter((role) => role !== 'super_admin'))
      expect(overallTabs(as(role), undefined)).toEqual(without);
  });
});

describe('the timeframe (spec 3 §9)', () => {
  it('is one of 7, 30, 90 and 365 days, else the default 30', () => {
    expect(['7', '30', '90', '365'].map(analyticsTimeframeOf)).toEqual([7, 30, 90, 365]);
    expect([null, '', '14', 'abc', '-7'].map(analyticsTimeframeOf)).toEqual([30, 30, 30, 30, 30]);
  });
});

describe('the Overview top 5 (spec 3 §9)', () => {
  it('keeps the five largest, largest first, ties in the given order', () => {
    const rows = [1, 9, 4, 9, 2, 7, 3].map((count, index) => ({ name: `t${index}`, count }));
    expect(topBy(rows, (row) => row.count).map((row) => row.name)).toEqual(['t1', 't3', 't5', 't2', 't6']);
    expect(topBy(rows.slice(0, 2), (row) => row.count)).toHaveLength(2);
  });

  it('ranks users by sign-ins, requests created and results entered together', () => {
    expect(activityScore({ login_count: 3, requests_created: 4, results_entered: 1 })).toBe(8);
  });
});

describe('the figures as written', () => {
  it('writes a percentage to one decimal and a status or action in words', () => {
    expect([0, 50, 85.71, 100].map(percentText)).toEqual(['0%', '50%', '85.7%', '100%']);
    expect(statusLabel('in_progress')).toBe('In Progress');
    expect(statusLabel('password_changed')).toBe('Password Changed');
  });

  it('writes a turnaround figure in hours to one decimal, in days from 48 hours', () => {
    expect([0, 5.24, 9.75, 47.99].map(durationText)).toEqual(['0.0 h', '5.2 h', '9.8 h', '48.0 h']);
    expect([48, 60, 252].map(durationText)).toEqual(['2.0 d', '2.5 d', '10.5 d']);
  });

  it("writes a stage's median and p90 in one cell, '—' when no request reached both milestones", () => {
    expect(stageFigureText({ median_hours: 5.24, p90_hours: 60 })).toBe('5.2 h / 2.5 d');
    expect(stageFigureText({ median_hours: null, p90_hours: null })).toBe('—');
    expect(stageFigureText(undefined)).toBe('—');
  });

  it('adds the audit summary up per action, most first', () => {
    expect(
      auditCountsByAction([
        { action: 'created', count: 2 },
        { action: 'updated', count: 5 },
        { action: 'created', count: 4 },
        { action: 'logged_in', count: 1 },
      ]),
    ).toEqual([
      { label: 'Created', value: 6 },
      { label: 'Updated', value: 5 },
      { label: 'Logged In', value: 1 },
    ]);
  });
});
