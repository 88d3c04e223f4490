import type { Caller, TestRequestDetail } from '@labline/contracts';
import { Button, Card, Divider, Flex, Form, Steps } from 'antd';
import { lazy, Suspense } from 'react';
import { AdditionalFields } from './AdditionalFields';
import { OrderPartyFields } from './OrderPartyFields';
import type { OrderDraft, TestDraft } from './orderModel';
import { TestBuilder } from './TestBuilder';
import { TestDetailsFields } from './TestDetailsFields';
import { useOrderState } from './useOrderState';

/** The second step loads when the order reaches it (the first step of a new order does without its code). */
const Checkout = lazy(() => import('./Checkout').then((module) => ({ default: module.Checkout })));

interface OrderFormProps {
  caller: Caller;
  initialOrder: OrderDraft;
  editing: { id: number; test: TestDraft } | null;
  onSaved(saved: TestRequestDetail[]): void;
  onCancel(): void;
}

const NO_ERRORS = {};

/** The two-step order form of spec 1 §4, §5 for /tests/new and /tests/{id}/edit. */
export function OrderForm({ caller, initialOrder, editing, onSaved, onCancel }: OrderFormProps) {
  const state = useOrderState({ caller, initialOrder, editing, onSaved });
  const { fields } = state;
  const testNumber =
    state.editingKey === null
      ? state.tests.length + 1
      : state.tests.findIndex((test) => test.key === state.editingKey) + 1;

  return (
    <Form layout="vertical" component="div">
      <Flex vertical gap={24}>
        <Steps
          current={state.step === 'build' ? 0 : 1}
          items={[{ title: 'Build tests' }, { title: 'Checkout' }]}
          style={{ maxWidth: 480 }}
        />
        <Card title="Patient and Institution">
          <OrderPartyFields
            caller={caller}
            order={state.order}
            institutionMode={state.institutionMode}
            onChange={state.setOrder}
            missing={state.missing}
            serverErrors={state.orderErrors}
          />
        </Card>
        {state.step === 'build' ? (
          <Card title={`Test ${testNumber}`}>
            <TestBuilder
              institutionId={state.order.institution_id}
              fields={fields}
              fieldsError={state.fieldsError}
              test={state.current}
              onChange={state.setCurrent}
              missing={state.missing}
              serverErrors={state.serverErrors.get(state.current.key) ?? NO_ERRORS}
            />
            <Divider />
            <TestDetailsFields
              test={state.current}
              onChange={state.setCurrent}
              serverErrors={state.serverErrors.get(state.current.key) ?? NO_ERRORS}
            />
            <Divider titlePlacement="start" plain>
              Department and Additional Fields
            </Divider>
            <AdditionalFields
              institutionId={state.order.institution_id}
              test={state.current}
              onChange={state.setCurrent}
              serverErrors={state.serverErrors.get(state.current.key) ?? NO_ERRORS}
            />
            <Flex justify="flex-end" gap={12} wrap>
              <Button onClick={onCancel}>Cancel</Button>
              {editing === null && <Button onClick={state.addNewTest}>Add new test</Button>}
              <Button type="primary" onClick={state.checkout}>
                Continue to Checkout
              </Button>
            </Flex>
          </Card>
        ) : (
          <Suspense fallback={<Card loading />}>
            <Checkout
              tests={state.tests}
              fields={fields}
              serverErrors={state.serverErrors}
              problems={state.problems}
              saveError={state.saveError}
              isEdit={editing !== null}
              saving={state.saving}
              onEdit={state.editTest}
              onRemove={state.removeTest}
              onAddMore={state.addMoreTests}
              onSubmit={() => void state.submit()}
            />
          </Suspense>
        )}
      </Flex>
    </Form>
  );
}
