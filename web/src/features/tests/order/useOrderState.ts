import { ERRORS, orderInstitution, type Caller, type TestRequestDetail } from '@labline/contracts';
import { useState } from 'react';
import { describeFailure } from '../../../shared/apiError';
import { saveTestRequest, useTestFormFields } from '../api';
import { hasCustomDataProblems } from './customData';
import type { ServerFieldErrors } from './fieldStatus';
import type { InstitutionMode } from './OrderPartyFields';
import { testDateProblem } from './TestDetailsFields';
import {
  emptyTest,
  isUntouched,
  missingItems,
  requestBodyOf,
  submitProblems,
  type OrderDraft,
  type TestDraft,
} from './orderModel';

/** spec 1 §6 order form institution rule, as the form offers it. */
export function institutionModeOf(caller: Caller): InstitutionMode & { fixed: number | null } {
  const rule = orderInstitution(caller, null);
  if ('institutionId' in rule) return { chosen: false, problem: null, fixed: rule.institutionId };
  if (rule.problem === ERRORS.selectInstitutionForTestRequest) return { chosen: true, problem: null, fixed: null };
  return { chosen: false, problem: rule.problem, fixed: null };
}

export interface OrderStateOptions {
  caller: Caller;
  initialOrder: OrderDraft;
  /** The request being edited: the form starts at the checkout with its single test. */
  editing: { id: number; test: TestDraft } | null;
  onSaved(saved: TestRequestDetail[]): void;
}

/** The order form's state and steps (spec 1 §4): build tests one at a time, then check out and submit each. */
export function useOrderState({ caller, initialOrder, editing, onSaved }: OrderStateOptions) {
  const institutionMode = institutionModeOf(caller);
  const clinicianRequired = caller.role !== 'clinician';
  const [order, setOrder] = useState<OrderDraft>(initialOrder);
  const [tests, setTests] = useState<TestDraft[]>(editing === null ? [] : [editing.test]);
  const [current, setCurrent] = useState<TestDraft>(() => emptyTest());
  const [editingKey, setEditingKey] = useState<number | null>(null);
  const [step, setStep] = useState<'build' | 'checkout'>(editing === null ? 'build' : 'checkout');
  const [showMissing, setShowMissing] = useState(false);
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<number, ServerFieldErrors>>(new Map());
  const [problems, setProblems] = useState<string[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { data: fields, error: fieldsError } = useTestFormFields(order.institution_id);

  const missing = showMissing ? missingItems(order, current, clinicianRequired) : [];

  /**
   * Stores the test of step 1 when it is complete (its additional fields and its expected date in order); else
   * highlights what it lacks (a refused date already says why on its field).
   */
  const storeCurrent = (): boolean => {
    if (
      missingItems(order, current, clinicianRequired).length > 0 ||
      hasCustomDataProblems(current.custom_data) ||
      testDateProblem(current) !== null
    ) {
      setShowMissing(true);
      return false;
    }
    setTests((stored) =>
      editingKey === null ? [...stored, current] : stored.map((test) => (test.key === editingKey ? current : test)),
    );
    setCurrent(emptyTest());
    setEditingKey(null);
    setShowMissing(false);
    return true;
  };

  const addNewTest = () => storeCurrent();
  const checkout = () => {
    const nothingBuilt = isUntouched(current) && editingKey === null && tests.length > 0;
    if (nothingBuilt || storeCurrent()) {
      setProblems([]);
      setStep('checkout');
    }
  };
  const editTest = (key: number) => {
    const test = tests.find((item) => item.key === key);
    if (test === undefined) return;
    setCurrent(test);
    setEditingKey(key);
    setStep('build');
  };
  const removeTest = (key: number) => setTests((stored) => stored.filter((test) => test.key !== key));
  const addMoreTests = () => {
    setCurrent(emptyTest());
    setEditingKey(null);
    setShowMissing(false);
    setStep('build');
  };

  /** One POST per test (the PUT when editing); a saved test leaves the list, so a retry does not order it twice. */
  const submit = async () => {
    const found = submitProblems(order, tests, { institutionChosen: institutionMode.chosen, clinicianRequired });
    setProblems(found);
    if (found.length > 0) return;
    setSaving(true);
    setSaveError(null);
    setServerErrors(new Map());
    const saved: TestRequestDetail[] = [];
    for (const [index, test] of tests.entries()) {
      try {
        saved.push(await saveTestRequest(editing?.id ?? null, requestBodyOf(order, test, fields)));
      } catch (failure) {
        const described = describeFailure(failure, ERRORS.failedToSaveTestRequest);
        const savedKeys = new Set(tests.slice(0, index).map((item) => item.key));
        setTests((stored) => stored.filter((item) => !savedKeys.has(item.key)));
        setServerErrors(new Map([[test.key, Object.fromEntries(described.fields.map((f) => [f.name, f.errors]))]]));
        const refused = `Test ${index + 1} was refused: ${described.message}`;
        setSaveError(
          saved.length === 0 ? refused : `${saved.length} of ${tests.length} tests were ordered. ${refused}`,
        );
        setSaving(false);
        return;
      }
    }
    setSaving(false);
    onSaved(saved);
  };

  /** Every test's server errors, for the order's own fields (patient, institution, clinician). */
  const orderErrors: ServerFieldErrors = Object.assign({}, ...serverErrors.values()) as ServerFieldErrors;

  return {
    institutionMode,
    fields,
    fieldsError: fieldsError instanceof Error ? fieldsError.message : null,
    order,
    setOrder,
    tests,
    current,
    setCurrent,
    editingKey,
    step,
    missing,
    serverErrors,
    orderErrors,
    problems,
    saveError,
    saving,
    addNewTest,
    checkout,
    editTest,
    removeTest,
    addMoreTests,
    submit,
  };
}
