import { FIELD_LIMITS } from '@labline/contracts';
import { Col, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { PhoneInput } from './PhoneInput';

/** The person and contact fields shared by the patient, user, profile and institution forms. */
export type PersonField = 'first_name' | 'last_name' | 'email' | 'phone';

const ALL_FIELDS: readonly PersonField[] = ['first_name', 'last_name', 'email', 'phone'];

interface PersonFieldsProps {
  /** Which fields, in this order; all four by default. */
  fields?: readonly PersonField[];
  /** The signed-in user's own details (the profile): the browser may fill them in, unlike someone else's. */
  own?: boolean;
  /** User accounts sign in with their e-mail, so it is required there. */
  emailRequired?: boolean;
  /** The e-mail is shown but cannot be changed; this note under it says so. */
  emailLockedNote?: string;
  /** A form's own texts instead of the form library's defaults. */
  messages?: { firstNameRequired?: string; lastNameRequired?: string; invalidEmail?: string };
}

const withMessage = (rule: Rule, message: string | undefined): Rule =>
  message === undefined ? rule : { ...rule, message };

/**
 * First name, last name, e-mail and phone: labels, rules and the contracts' length limits, each in a half-width
 * column of the form's row (so a form places other fields beside them).
 */
export function PersonFields({
  fields = ALL_FIELDS,
  own = false,
  emailRequired = false,
  emailLockedNote,
  messages = {},
}: PersonFieldsProps) {
  const render = (field: PersonField) => {
    switch (field) {
      case 'first_name':
        return (
          <Form.Item
            label="First Name"
            name="first_name"
            rules={[withMessage({ required: true, whitespace: true }, messages.firstNameRequired)]}
          >
            <Input autoComplete={own ? 'given-name' : 'off'} maxLength={FIELD_LIMITS.personName} />
          </Form.Item>
        );
      case 'last_name':
        return (
          <Form.Item
            label="Last Name"
            name="last_name"
            rules={[withMessage({ required: true, whitespace: true }, messages.lastNameRequired)]}
          >
            <Input autoComplete={own ? 'family-name' : 'off'} maxLength={FIELD_LIMITS.personName} />
          </Form.Item>
        );
      case 'email':
        return emailLockedNote !== undefined ? (
          <Form.Item label="Email Address" name="email" extra={emailLockedNote}>
            <Input type="email" maxLength={FIELD_LIMITS.email} disabled />
          </Form.Item>
        ) : (
          <Form.Item
            label="Email Address"
            name="email"
            rules={[
              ...(emailRequired ? [{ required: true }] : []),
              withMessage({ type: 'email' }, messages.invalidEmail),
            ]}
          >
            <Input type="email" autoComplete={own ? 'email' : 'off'} maxLength={FIELD_LIMITS.email} />
          </Form.Item>
        );
      case 'phone':
        return (
          <Form.Item label="Phone Number" name="phone">
            <PhoneInput />
          </Form.Item>
        );
    }
  };
  return fields.map((field) => (
    <Col key={field} xs={24} md={12}>
      {render(field)}
    </Col>
  ));
}
